import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const nm = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Changes rarely: long-lived cache across deployments.
            { name: 'react', test: nm('react|react-dom|react-router|scheduler|cookie|set-cookie-parser'), priority: 40 },
            // Heavy and page-specific: only the pages that import them load them (never the first page).
            { name: 'echarts', test: nm('echarts|zrender|tslib'), priority: 35 },
            { name: 'pdfjs', test: nm('pdfjs-dist'), priority: 35 },
            // antd and its helpers, split by which pages use which parts so the first page only
            // loads the components the shell needs.
            {
              name: 'antd',
              test: nm(
                'antd|@ant-design|@rc-component|rc-[^\\\\/]+|@babel|classnames|dayjs|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed|json2mq|string-convert|stylis|@emotion',
              ),
              priority: 30,
              entriesAware: true,
              // No merging of small parts: a merged part joined the first page to console-only antd
              // parts (the /home first load went from 182 to 243 KB when a few pages were added).
              entriesAwareMergeThreshold: 0,
            },
            { name: 'vendor', test: nm('.+?'), priority: 10, entriesAware: true },
          ],
        },
      },
    },
  },
  test: {
    setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))],
  },
});
