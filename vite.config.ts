import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client bundle is built from client/entry-client.tsx (no index.html: the server writes the
// HTML shell itself), the SSR bundle from client/entry-server.tsx (see the "build" script).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: {
    emptyOutDir: true,
    // Every image stays a hashed file, so the server and the client refer to the same URL.
    assetsInlineLimit: 0,
    ...(isSsrBuild
      ? { target: 'node20' }
      : { outDir: 'dist/client', manifest: true, rollupOptions: { input: 'client/entry-client.tsx' } }),
  },
}));
