import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

// Paths served by the Go backend; the dev server forwards them so cookies stay same-origin.
// A browser navigation to a client route sharing such a path (/users, /settings) gets the app.
const backendPaths = [
  '/auth', '/users', '/settings', '/setting/', '/public-settings', '/companySettings',
  '/companySettingOne', '/plans', '/forgetpassword', '/resetpasswords', '/version', '/queue',
  '/tickets', '/ticket-tags', '/tickets-log', '/ticket-notes', '/messages', '/message/', '/messages-allMe', '/contacts',
  '/contactTags', '/tags', '/whatsapp', '/whatsappsession', '/quick-messages', '/sandbox', '/media',
  '/chatbot', '/files', '/companies',
  '/contact-lists', '/contact-list-items', '/chats',
  '/helps', '/announcements', '/settings-whitelabel', '/public/whitelabel',
  '/flowbuilder', '/flowcampaign',
];

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const target = env.DEV_BACKEND_TARGET || 'http://127.0.0.1:8080';
  const bypass = (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined);
  const proxy = Object.fromEntries(backendPaths.map((p) => [p, { target, changeOrigin: true, bypass }]));
  proxy['/socket'] = { target, ws: true, changeOrigin: true };
  return {
    plugins: [react()],
    server: { proxy },
    build: {
      chunkSizeWarningLimit: 700,
      rollupOptions: {
        output: {
          manualChunks: {
            react: ['react', 'react-dom', 'react-router', 'swr', 'i18next', 'react-i18next'],
            mui: ['@mui/material', '@emotion/react', '@emotion/styled'],
          },
        },
      },
    },
    test: {
      environment: 'jsdom',
      // Vitest runs one file at a time on two cores by default (cores - 1 workers); each file
      // mostly waits on its own jsdom and MUI import, so a worker per core cuts the run by 40 %.
      pool: 'threads',
      maxWorkers: availableParallelism(),
      // A test waits for conditions; 5 s a test (the default) is a deadline a loaded CI can miss.
      testTimeout: 30000,
      include: ['src/**/*.test.{js,jsx}'],
      setupFiles: ['src/test/reactWarnings.js'],
    },
  };
});
