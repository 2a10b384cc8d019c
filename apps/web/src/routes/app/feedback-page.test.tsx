import { type FeedbackInput, type FeedbackItem, messages } from "@changeradar/contracts";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { apiClient } from "../../api/client";
import { renderScreen } from "../../test/render";
import FeedbackPage from "./feedback-page";

/** An in-memory /feedback API behind the real client, so the page's requests and error handling run as in use. */
const fakeApi = {
  stored: [] as FeedbackItem[],
  posted: [] as unknown[],
  /** When set, POST /feedback answers with this status and body instead of storing. */
  refusal: null as { status: number; body: unknown } | null,
};

function answer(config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse {
  const response = { data, status, statusText: "", headers: {}, config };
  if (status >= 400) throw new AxiosError("refused", "ERR_BAD_REQUEST", config, null, response);
  return response;
}

const originalAdapter = apiClient.defaults.adapter;
apiClient.defaults.adapter = async (config) => {
  config.headers = AxiosHeaders.from(config.headers);
  if (config.url !== "/feedback") return answer(config, 404, { message: "Not found" });
  if (config.method === "get") return answer(config, 200, { items: fakeApi.stored });
  const body: unknown = JSON.parse(String(config.data));
  fakeApi.posted.push(body);
  if (fakeApi.refusal) return answer(config, fakeApi.refusal.status, fakeApi.refusal.body);
  const { rating, message } = body as FeedbackInput;
  const item = { id: `f${fakeApi.stored.length + 1}`, rating, message, createdAt: new Date().toISOString() };
  fakeApi.stored.unshift(item);
  return answer(config, 201, item);
};
afterAll(() => {
  apiClient.defaults.adapter = originalAdapter;
});

beforeEach(() => {
  fakeApi.stored = [];
  fakeApi.posted = [];
  fakeApi.refusal = null;
});

/**
 * A plain click on the star's radio: MUI's Rating reads the hovered star from the pointer's position, which
 * jsdom (no layout) turns into NaN when user-event moves the pointer first.
 */
const chooseStars = (stars: number) =>
  fireEvent.click(screen.getByRole("radio", { name: stars === 1 ? "1 Star" : `${stars} Stars` }));
const sendButton = () => screen.getByRole("button", { name: "Send feedback" });

describe("FeedbackPage", () => {
  it("lists earlier feedback, or says nothing was sent yet", async () => {
    renderScreen(<FeedbackPage />, { path: "/auth/feedback" });
    expect(await screen.findByText("Nothing sent yet.")).toBeInTheDocument();

    fakeApi.stored = [{ id: "f1", rating: 3, message: "Works well", createdAt: "2026-11-20T10:00:00Z" }];
    renderScreen(<FeedbackPage />, { path: "/auth/feedback" });
    expect(await screen.findByText("Works well")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "3 out of 5" })).toBeInTheDocument();
  });

  it("asks for a rating and a message before sending anything", async () => {
    renderScreen(<FeedbackPage />, { path: "/auth/feedback" });
    await userEvent.click(sendButton());
    expect(await screen.findByText("Choose a rating")).toBeInTheDocument();
    expect(screen.getByText(messages.messageRequired)).toBeInTheDocument();
    expect(fakeApi.posted).toEqual([]);
  });

  it("applies the message rules: at most 500 characters, told as 300 (DECISIONS 1), and no markup", async () => {
    renderScreen(<FeedbackPage />, { path: "/auth/feedback" });
    const message = screen.getByLabelText("Message");
    fireEvent.change(message, { target: { value: "a".repeat(501) } });
    await userEvent.click(sendButton());
    expect(await screen.findByText("Max. 300 characters allowed!")).toBeInTheDocument();
    fireEvent.change(message, { target: { value: "Hello <b>there</b>" } });
    expect(await screen.findByText(messages.onlyAlphanumeric)).toBeInTheDocument();
    expect(fakeApi.posted).toEqual([]);
  });

  it("names the chosen rating and counts the message's characters", async () => {
    renderScreen(<FeedbackPage />, { path: "/auth/feedback" });
    expect(screen.getByText("0/500")).toBeInTheDocument();
    chooseStars(4);
    expect(screen.getByText("Good")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Message"), "Hello");
    expect(screen.getByText("5/500")).toBeInTheDocument();
  });

  it("sends the rating and trimmed message, thanks the user, clears the form and shows the new entry", async () => {
    renderScreen(<FeedbackPage />, { path: "/auth/feedback" });
    await screen.findByText("Nothing sent yet.");
    chooseStars(5);
    await userEvent.type(screen.getByLabelText("Message"), "  Very useful!  ");
    await userEvent.click(sendButton());

    expect(await screen.findByText("Thank you for your feedback!")).toBeInTheDocument();
    expect(fakeApi.posted).toEqual([{ rating: 5, message: "Very useful!" }]);
    expect(screen.getByLabelText("Message")).toHaveValue("");
    expect(screen.queryByText("Excellent")).not.toBeInTheDocument();
    const earlier = screen.getByRole("region", { name: "Your earlier feedback" });
    expect(await within(earlier).findByText("Very useful!")).toBeInTheDocument();
  });

  it("puts a server's field error under the field and its plain message in the banner (spec §8)", async () => {
    renderScreen(<FeedbackPage />, { path: "/auth/feedback" });
    fakeApi.refusal = {
      status: 400,
      body: { message: "Invalid input", errors: [{ path: "message", msg: "Please write a little more" }] },
    };
    chooseStars(2);
    await userEvent.type(screen.getByLabelText("Message"), "Meh");
    await userEvent.click(sendButton());
    expect(await screen.findByText("Please write a little more")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    fakeApi.refusal = { status: 429, body: { message: "Too many requests. Please try again later." } };
    await userEvent.click(sendButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many requests. Please try again later.");
    expect(screen.getByLabelText("Message")).toHaveValue("Meh");
    expect(screen.queryByText("Thank you for your feedback!")).not.toBeInTheDocument();
  });
});
