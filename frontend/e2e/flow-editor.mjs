import { WAIT, eventually } from './helpers.mjs';

/**
 * The flow editor as a person drives it (shared by the flow e2e files): nodes by kind, their
 * handles, the speed-dial, edges dragged handle to handle and the fit-view control.
 */
export function flowEditor(page) {
  const node = (type) => page.locator(`[data-testid="flow-node"][data-node-type="${type}"]`);
  const handle = (type, id) => node(type).locator(`[data-testid="handle-${id}"]`);

  /** Drags an edge from a source handle to a target handle, like a person with a mouse. */
  async function connect(from, to) {
    const a = await from.boundingBox();
    const b = await to.boundingBox();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
    await page.mouse.up();
  }

  /** Opens the speed-dial and picks a node kind. */
  async function addNode(type) {
    await page.getByTestId('flow-add-node').hover();
    await page.getByTestId(`flow-add-${type}`).click();
  }

  /** The canvas's fit-view control, then waits until every node is inside the canvas. */
  async function fitView() {
    await page.locator('.react-flow__controls-fitview').click();
    const pane = await page.locator('.react-flow').boundingBox();
    await eventually(async () => {
      const boxes = await Promise.all((await page.getByTestId('flow-node').all()).map((n) => n.boundingBox()));
      return boxes.every((b) => b && b.x >= pane.x && b.x + b.width <= pane.x + pane.width);
    }, { timeout: WAIT });
  }

  /** The run counts drawn on a node of the kind (data-entered, data-stopped). */
  const stats = (type) => node(type).locator('[data-testid="flow-node-stats"]');

  return { node, handle, connect, addNode, fitView, stats };
}
