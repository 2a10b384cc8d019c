import { styled } from "@mui/material/styles";
import { MaterialDesignContent } from "notistack";

/**
 * notistack's own toast colours (e.g. #43a047 behind white text) fail WCAG contrast; the theme's muted
 * colours pass it, and match the rest of the product.
 */
const ThemedToast = styled(MaterialDesignContent)(({ theme }) => ({
  "&.notistack-MuiContent-success": { backgroundColor: theme.palette.success.main },
  "&.notistack-MuiContent-error": { backgroundColor: theme.palette.error.main },
  "&.notistack-MuiContent-warning": { backgroundColor: theme.palette.warning.main },
  "&.notistack-MuiContent-info": { backgroundColor: theme.palette.info.main },
}));

export const toastComponents = {
  success: ThemedToast,
  error: ThemedToast,
  warning: ThemedToast,
  info: ThemedToast,
};
