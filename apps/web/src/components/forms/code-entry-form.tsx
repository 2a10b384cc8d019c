import { limits, messages } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { describeError } from "../../api/errors";
import { useAccountMutations } from "../../queries/account-queries";
import { FormBanner } from "./form-banner";
import { emptyPasscode, PasscodeInput } from "./passcode-input";

interface CodeEntryFormProps {
  userId: string;
  email: string;
  /** True when the code proves the email address; false for a password reset. */
  isVerifyEmail: boolean;
  onVerified: (answer: { userId: string; resetToken?: string }) => void | Promise<void>;
  autoFocus?: boolean;
}

/**
 * The six boxes, Verify and 'Resend Code' (spec §2, §4, §5): submitted as soon as all six digits are in;
 * a wrong code is answered in the banner and the boxes are cleared for the next try.
 */
export function CodeEntryForm({ userId, email, isVerifyEmail, onVerified, autoFocus }: CodeEntryFormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const { verifyPasscode, resendCode } = useAccountMutations();
  const [digits, setDigits] = useState(emptyPasscode);
  const [banner, setBanner] = useState<string | null>(null);
  const code = digits.join("");
  const full = code.length === limits.passcodeLength;

  const submit = () => {
    if (!full || verifyPasscode.isPending) return;
    setBanner(null);
    verifyPasscode.mutate(
      { id: userId, passcode: code, isVerifyEmail },
      {
        onSuccess: (answer) => onVerified(answer),
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

  const resend = () =>
    resendCode.mutate(
      { userId, email },
      {
        onSuccess: () => enqueueSnackbar(messages.passcodeResent, { variant: "success" }),
        onError: () => enqueueSnackbar(messages.resendError, { variant: "error" }),
      },
    );

  return (
    <>
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
          <PasscodeInput
            digits={digits}
            onChange={setDigits}
            disabled={verifyPasscode.isPending}
            autoFocus={autoFocus}
          />
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
    </>
  );
}
