import { describe, expect, it } from 'vitest';
import { render } from '../../../test/render';
import FormattedText from '../components/FormattedText';
import { parseMarkup, stripMarkup } from './whatsappMarkup';

describe('WhatsApp markup', () => {
  it('parses the four markers and nests them', () => {
    expect(parseMarkup('*Olá* _Maria_ ~caro~ ```x = 1```')).toEqual([
      { type: 'bold', children: [{ type: 'text', text: 'Olá' }] },
      { type: 'text', text: ' ' },
      { type: 'italic', children: [{ type: 'text', text: 'Maria' }] },
      { type: 'text', text: ' ' },
      { type: 'strike', children: [{ type: 'text', text: 'caro' }] },
      { type: 'text', text: ' ' },
      { type: 'mono', text: 'x = 1' },
    ]);
    expect(parseMarkup('*_ambos_*')).toEqual([{ type: 'bold', children: [{ type: 'italic', children: [{ type: 'text', text: 'ambos' }] }] }]);
  });

  it('leaves markers that WhatsApp would not apply', () => {
    for (const text of ['snake_case_name', '2*3*4', '* solto *', 'a *b', '*quebra\nde linha*', '**', '``` ```', 'e-mail_x@y.com']) {
      expect(stripMarkup(text)).toBe(text);
    }
    expect(parseMarkup('```*não* _formata_```')).toEqual([{ type: 'mono', text: '*não* _formata_' }]);
    expect(stripMarkup('(*entre parênteses*), ok')).toBe('(entre parênteses), ok');
  });

  it('strips the markers for previews', () => {
    expect(stripMarkup('*Pedido* _enviado_ ~ontem~ ```#123```')).toBe('Pedido enviado ontem #123');
    expect(stripMarkup(null)).toBe('');
  });

  it('renders React elements, never HTML from the text', () => {
    const view = render(<div data-testid="formatted"><FormattedText text={'*negrito* <img src=x onerror=alert(1)> _itálico_ ~riscado~ ```mono```'} /></div>);
    const container = document.body.querySelector('[data-testid="formatted"]');
    expect(container.querySelector('strong').textContent).toBe('negrito');
    expect(container.querySelector('em').textContent).toBe('itálico');
    expect(container.querySelector('s').textContent).toBe('riscado');
    expect(container.querySelector('code').textContent).toBe('mono');
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    view.unmount();
  });
});
