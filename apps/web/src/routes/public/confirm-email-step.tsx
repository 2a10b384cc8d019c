import { limits, messages } from "@changeradar/contracts";
import Button from "@mui/material/Button";
import { useSnackbar } from "notistack";
import { AuthCard } from "../../components/forms/auth-card";
import { CodeEntryForm } from "../../components/forms/code-entry-form";
import { refreshClaims } from "../../lib/session";

/**
 * Sign-up's second step (issue 13 §5): the code mailed at sign-up is asked for right away, signed in.
 * Verifying keeps the session; "Verify later" goes on without it (alerts wait for a verified address).
 */
export function ConfirmEmailStep({
  userId,
  email,
  onDone,
}: {
  userId: string;
  email: string;
  onDone: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <AuthCard
      title="Check your email"
      subtitle={
        <>
          We sent a {limits.passcodeLength}-digit code to <strong>{email}</strong>. Enter it to confirm your
          address, so that change alerts can reach you. It is valid for {limits.passcodeTtlMinutes} minutes.
        </>
      }
      footer={
        <Button variant="text" onClick={onDone}>
          Verify later
        </Button>
      }
    >
      <CodeEntryForm
        userId={userId}
        email={email}
        isVerifyEmail
        autoFocus
        onVerified={async () => {
          await refreshClaims();
          enqueueSnackbar(messages.emailVerifiedSignedIn, { variant: "success" });
          onDone();
        }}
      />
    </AuthCard>
  );
}
