import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Libraries change far less often than the app: in their own files they stay cached across deploys.
const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ },
  { name: 'mui', test: /[\\/]node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis|hoist-non-react-statics)[\\/]/ },
  { name: 'vendor', test: /[\\/]node_modules[\\/]/ },
];

// In development the API runs on :8080; the web dev server proxies /api to it.
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups.map((g, i) => ({ ...g, priority: vendorGroups.length - i })) } } },
  },
});
