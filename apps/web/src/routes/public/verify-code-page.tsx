import { limits, messages } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import { useSnackbar } from "notistack";
import { Link as RouterLink, useLocation, useNavigate } from "react-router";
import { AuthCard } from "../../components/forms/auth-card";
import { CodeEntryForm } from "../../components/forms/code-entry-form";
import { refreshClaims, signOut } from "../../lib/session";
import { useAuthStore } from "../../store/auth-store";

/** Route state of /verify-code (spec §2): who, where to go next, and whether it verifies an email. */
export interface VerifyCodeState {
  userId: string;
  email: string;
  target: string;
  isAlert: boolean;
}

function readState(value: unknown): VerifyCodeState | null {
  const s = value as Partial<VerifyCodeState> | null;
  if (!s || typeof s.userId !== "string" || typeof s.email !== "string") return null;
  return {
    userId: s.userId,
    email: s.email,
    target: s.target ?? "/new-password",
    isAlert: Boolean(s.isAlert),
  };
}

export default function VerifyCodePage() {
  const state = readState(useLocation().state);
  const navigate = useNavigate();
  const signedInAs = useAuthStore((s) => s.auth.user?.id);
  const { enqueueSnackbar } = useSnackbar();

  if (!state)
    return (
      <AuthCard title="Enter verification code">
        <Alert severity="info">
          This page opens after you ask for a code.{" "}
          <Link component={RouterLink} to="/forgot-password">
            Request a new code
          </Link>
          .
        </Alert>
      </AuthCard>
    );

  const verified = async ({ userId, resetToken }: { userId: string; resetToken?: string }) => {
    if (!state.isAlert) {
      navigate(state.target, { replace: true, state: { userId, resetToken } });
      return;
    }
    // Proving the address of the account one is signed in to keeps the session (issue 13 §5).
    if (signedInAs === state.userId) {
      await refreshClaims();
      enqueueSnackbar(messages.emailVerifiedSignedIn, { variant: "success" });
      navigate(state.target, { replace: true });
      return;
    }
    await signOut();
    navigate("/login", { replace: true, state: { message: messages.emailVerifiedLogin } });
  };

  return (
    <AuthCard
      title="Enter verification code"
      subtitle={
        <>
          We sent a {limits.passcodeLength}-digit code to <strong>{state.email}</strong>. It is valid for{" "}
          {limits.passcodeTtlMinutes} minutes.
        </>
      }
    >
      <CodeEntryForm
        userId={state.userId}
        email={state.email}
        isVerifyEmail={state.isAlert}
        onVerified={verified}
      />
    </AuthCard>
  );
}
