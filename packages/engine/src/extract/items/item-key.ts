/** The identity of an entry across fetches: its URL, else its title, case- and space-normalised. */
export function itemKey(url: string | null, title: string): string {
  return url ?? title.toLowerCase().replace(/\s+/g, " ").trim();
}
