import { limits, messages } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { Link as RouterLink, useLocation, useNavigate } from "react-router";
import { describeError } from "../../api/errors";
import { AuthCard } from "../../components/forms/auth-card";
import { FormBanner } from "../../components/forms/form-banner";
import { emptyPasscode, PasscodeInput } from "../../components/forms/passcode-input";
import { signOut } from "../../lib/session";
import { useAccountMutations } from "../../queries/account-queries";

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
  const { enqueueSnackbar } = useSnackbar();
  const { verifyPasscode, resendCode } = useAccountMutations();
  const [digits, setDigits] = useState(emptyPasscode);
  const [banner, setBanner] = useState<string | null>(null);
  const code = digits.join("");
  const full = code.length === limits.passcodeLength;

  const submit = () => {
    if (!state || !full || verifyPasscode.isPending) return;
    setBanner(null);
    verifyPasscode.mutate(
      { id: state.userId, passcode: code, isVerifyEmail: state.isAlert },
      {
        onSuccess: async ({ userId, resetToken }) => {
          if (state.isAlert) {
            await signOut();
            navigate("/login", { replace: true, state: { message: messages.emailVerifiedLogin } });
          } else navigate(state.target, { replace: true, state: { userId, resetToken } });
        },
        onError: (error) => {
          setBanner(describeError(error).message || messages.verifyPasscodeError);
          setDigits(emptyPasscode());
        },
      },
    );
  };

  // Spec §5: submitted only when all six boxes are filled — and then at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: submit is recreated each render; the code is the trigger
  useEffect(() => {
    if (full) submit();
  }, [code]);

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

  const resend = () =>
    resendCode.mutate(
      { userId: state.userId, email: state.email },
      {
        onSuccess: () => enqueueSnackbar(messages.passcodeResent, { variant: "success" }),
        onError: () => enqueueSnackbar(messages.resendError, { variant: "error" }),
      },
    );

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
      <FormBanner message={banner} />
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack spacing={3}>
          <PasscodeInput digits={digits} onChange={setDigits} disabled={verifyPasscode.isPending} />
          <Button type="submit" variant="contained" size="large" disabled={!full || verifyPasscode.isPending}>
            Verify
          </Button>
          <Typography align="center">
            Did not get the code?{" "}
            <Link component="button" type="button" onClick={resend} disabled={resendCode.isPending}>
              Resend Code
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
