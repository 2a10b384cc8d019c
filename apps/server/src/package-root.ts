/**
 * The server package's folder (apps/server/), for the files it reads at run time (migrations, the built web
 * app, package.json). This module sits one level below it both as a source (src/) and bundled into a chunk
 * (dist/, `npm run build`), so the same relative URL holds in both; a module deeper in src/ would not.
 */
export const serverPackageUrl = new URL("../", import.meta.url);
