import { messages } from "@changeradar/contracts";
import Button from "@mui/material/Button";
import { useSnackbar } from "notistack";
import { useNavigate } from "react-router";
import { describeError } from "../../api/errors";
import { useAccountMutations } from "../../queries/account-queries";
import { useAuthStore } from "../../store/auth-store";

/** Mails a fresh code and opens /verify-code; verifying there keeps the user signed in and comes back here. */
export function VerifyEmailButton() {
  const user = useAuthStore((s) => s.auth.user)!;
  const { resendCode } = useAccountMutations();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const verify = () =>
    resendCode.mutate(
      { userId: user.id, email: user.email },
      {
        onSuccess: () => {
          enqueueSnackbar(messages.passcodeResent, { variant: "success" });
          navigate("/verify-code", {
            state: { userId: user.id, email: user.email, target: "/auth", isAlert: true },
          });
        },
        onError: (error) =>
          enqueueSnackbar(describeError(error).message || messages.resendError, { variant: "error" }),
      },
    );
  return (
    <Button size="small" variant="outlined" onClick={verify} disabled={resendCode.isPending}>
      Verify your email
    </Button>
  );
}
