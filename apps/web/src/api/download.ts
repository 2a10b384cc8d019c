import { apiClient } from "./client";

/** Files come from the API behind the bearer token, so each is fetched and handed to the browser as a download. */
export async function downloadFile(path: string, filename: string, params?: object): Promise<void> {
  const response = await apiClient.get<Blob>(path, { params, responseType: "blob" });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
