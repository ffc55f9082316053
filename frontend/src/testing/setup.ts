import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait up to 5 s instead of 1 s: a page rendered through the app's lazy
// routes took longer than 1 s on a CI machine running the browser tests beside these (a
// missing element still fails, only later).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
