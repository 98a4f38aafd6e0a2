import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n';
import { byTestId, render } from '../../../../test/render';
import { START_LABEL } from '../../api/graph';
import NodeSummary from './NodeSummary';

describe('NodeSummary', () => {
  let view;
  afterEach(async () => {
    view?.unmount();
    view = null;
    await i18n.changeLanguage('pt');
  });

  it('shows the stored start label in the language in use, and a label of its own as written', async () => {
    view = render(<NodeSummary type="start" data={{ label: START_LABEL }} />);
    expect(byTestId('flow-node-summary').textContent).toBe('Inicio do fluxo');
    await act(async () => { await i18n.changeLanguage('en'); });
    expect(byTestId('flow-node-summary').textContent).toBe('Start of the flow');
    view.rerender(<NodeSummary type="start" data={{ label: 'Boas-vindas' }} />);
    expect(byTestId('flow-node-summary').textContent).toBe('Boas-vindas');
  });

  it("says 'N segundos' with the singular for one second", () => {
    view = render(<NodeSummary type="interval" data={{ sec: 1 }} />);
    expect(byTestId('flow-node-summary').textContent).toBe('1 segundo');
    view.rerender(<NodeSummary type="interval" data={{ sec: 30 }} />);
    expect(byTestId('flow-node-summary').textContent).toBe('30 segundos');
    view.rerender(<NodeSummary type="interval" data={{ sec: 0 }} />);
    expect(byTestId('flow-node-summary').textContent).toBe('0 segundos');
  });

  it('counts the analytics with singular and plural forms', async () => {
    // No component here: the plural keys are what FlowNode's counts use.
    expect(i18n.t('flowbuilder.node.entered', { count: 1 })).toBe('1 entrou');
    expect(i18n.t('flowbuilder.node.entered', { count: 0 })).toBe('0 entraram');
    expect(i18n.t('flowbuilder.node.stopped', { count: 1, rate: 10 })).toBe('1 parou (10%)');
    expect(i18n.t('flowbuilder.node.stopped', { count: 4, rate: 40 })).toBe('4 pararam (40%)');
    await i18n.changeLanguage('es');
    expect(i18n.t('flowbuilder.node.entered', { count: 1 })).toBe('1 entró');
    expect(i18n.t('flowbuilder.node.seconds', { count: 1 })).toBe('1 segundo');
    await i18n.changeLanguage('en');
    expect(i18n.t('flowbuilder.node.seconds', { count: 1 })).toBe('1 second');
  });
});
