import { AxiosError, AxiosHeaders } from "axios";
import { describe, expect, it } from "vitest";
import { describeError } from "./errors";

const config = { headers: new AxiosHeaders() };
function answered(status: number, data: unknown) {
  return new AxiosError("Request failed", "ERR_BAD_REQUEST", config, null, {
    status,
    statusText: "",
    data,
    headers: {},
    config,
  });
}

describe("describeError (spec §5, §8)", () => {
  it("keeps a server's plain message for the form banner", () => {
    expect(describeError(answered(401, { message: "Email or password is incorrect." }))).toEqual({
      message: "Email or password is incorrect.",
      fieldErrors: [],
      status: 401,
    });
  });

  it("passes field errors on so they can go under their fields", () => {
    const body = {
      message: "Validation failed",
      errors: [{ path: "email", msg: "Must be valid email address" }],
    };
    expect(describeError(answered(400, body)).fieldErrors).toEqual([
      { path: "email", msg: "Must be valid email address" },
    ]);
  });

  it.each([
    [
      "ERR_NETWORK",
      "Network Error",
      "We could not reach ChangeRadar. Check your internet connection and try again.",
    ],
    ["ECONNABORTED", "timeout of 1000ms exceeded", "The server took too long to answer. Please try again."],
    ["ETIMEDOUT", "timeout exceeded", "The server took too long to answer. Please try again."],
    ["ERR_CANCELED", "canceled", "The request was canceled."],
    [
      "ECONNABORTED_X",
      "Request aborted",
      "The request was interrupted before it finished. Please try again.",
    ],
    ["ERR_BAD_REQUEST", "Unsupported protocol ftp:", "This address uses an unsupported protocol."],
  ])("turns the transport error %s (%s) into words", (code, message, expected) => {
    expect(describeError(new AxiosError(message, code)).message).toBe(expected);
  });

  it("never shows an HTML error page or an unknown throw as such", () => {
    expect(describeError(answered(502, "<html>Bad gateway</html>")).message).toBe(
      "Something went wrong. Please try again.",
    );
    expect(describeError(new Error("boom")).message).toBe("Something went wrong. Please try again.");
  });
});
