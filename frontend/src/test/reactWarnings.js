import { format } from 'node:util';
import { afterEach, vi } from 'vitest';

// React's warnings of a prop that reached the DOM instead of its component name real bugs
// (MUI 9 reads no system props such as alignItems: the row was simply not centred), and
// fail the test they came from. (Warnings of updates outside act() depend on timing, so a
// loaded machine could fail a test by them: they are left to be read.)
const BUGS = [/does not recognize the `\w+` prop/, /for a non-boolean attribute/];

let seen = [];
const original = console.error;
vi.spyOn(console, 'error').mockImplementation((...args) => {
  const text = format(...args);
  if (BUGS.some((re) => re.test(text))) seen.push(text.split('\n')[0]);
  original(...args);
});

afterEach(() => {
  const found = seen;
  seen = [];
  if (found.length) throw new Error(`React warned: ${found.join(' | ')}`);
});
