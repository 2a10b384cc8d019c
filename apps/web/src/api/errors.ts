import type { ApiErrorBody, FieldError } from "@changeradar/contracts";
import { isAxiosError } from "axios";

/** Spec §8 transport errors, told in words a person understands. */
const transportMessages: Record<string, string> = {
  ERR_NETWORK: "We could not reach ChangeRadar. Check your internet connection and try again.",
  ECONNABORTED: "The server took too long to answer. Please try again.",
  ETIMEDOUT: "The server took too long to answer. Please try again.",
  ERR_CANCELED: "The request was canceled.",
  ERR_BAD_OPTION: "This address uses an unsupported protocol.",
};
const abortedMessage = "The request was interrupted before it finished. Please try again.";
const unsupportedProtocolMessage = "This address uses an unsupported protocol.";
const fallbackMessage = "Something went wrong. Please try again.";

export interface DescribedError {
  /** A plain message for the form's banner (empty when only field errors came back). */
  message: string;
  fieldErrors: FieldError[];
  status: number | null;
}

function isErrorBody(data: unknown): data is ApiErrorBody {
  return typeof data === "object" && data !== null && typeof (data as ApiErrorBody).message === "string";
}

export function describeError(error: unknown): DescribedError {
  if (isAxiosError(error)) {
    const response = error.response;
    if (response) {
      const body = response.data;
      if (isErrorBody(body)) {
        const fieldErrors = Array.isArray(body.errors) ? body.errors : [];
        return { message: body.message, fieldErrors, status: response.status };
      }
      if (typeof body === "string" && body.trim() && !body.trim().startsWith("<")) {
        return { message: body, fieldErrors: [], status: response.status };
      }
      return { message: fallbackMessage, fieldErrors: [], status: response.status };
    }
    const code = error.code ?? "";
    if (transportMessages[code]) return { message: transportMessages[code], fieldErrors: [], status: null };
    if (/unsupported protocol/i.test(error.message))
      return { message: unsupportedProtocolMessage, fieldErrors: [], status: null };
    if (/aborted/i.test(error.message)) return { message: abortedMessage, fieldErrors: [], status: null };
    if (/timeout/i.test(error.message))
      return { message: transportMessages.ETIMEDOUT!, fieldErrors: [], status: null };
    if (/network/i.test(error.message))
      return { message: transportMessages.ERR_NETWORK!, fieldErrors: [], status: null };
  }
  return { message: fallbackMessage, fieldErrors: [], status: null };
}
