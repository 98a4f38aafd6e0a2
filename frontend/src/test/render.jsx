import { act } from 'react';
import { createRoot } from 'react-dom/client';
import '../i18n';

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** Renders into a detached root for component tests; MUI dialogs land in document.body. */
export function render(element) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  act(() => root.render(element));
  return {
    rerender: (next) => act(() => root.render(next)),
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

export const byTestId = (id) => document.body.querySelector(`[data-testid="${id}"]`);
export const allByTestId = (id) => [...document.body.querySelectorAll(`[data-testid="${id}"]`)];

/** Clicks an element and lets the promises it starts settle. */
export const click = (element) => act(async () => element.click());
