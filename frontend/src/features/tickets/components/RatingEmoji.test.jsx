import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, render } from '../../../test/render';
import RatingEmoji, { ratingFace } from './RatingEmoji';

describe('ratingFace', () => {
  it('maps the 0–10 scale onto the five faces, promoters (9–10) loving it', () => {
    const names = Array.from({ length: 11 }, (_, n) => ratingFace(n)[1]);
    expect(names).toEqual(['angry', 'angry', 'angry', 'upset', 'upset', 'neutral', 'neutral', 'happy', 'happy', 'love', 'love']);
  });

  it('has no face without a rating or outside the scale', () => {
    for (const rate of [null, undefined, '', 'x', -1, 11]) expect(ratingFace(rate)).toBeNull();
    expect(ratingFace('9')[0]).toBe('😍');
  });
});

describe('RatingEmoji', () => {
  let view;
  afterEach(() => view?.unmount());

  it('shows the face with the score in its label', () => {
    view = render(<RatingEmoji rate={9} />);
    const face = byTestId('ticket-rating');
    expect(face.textContent).toBe('😍');
    expect(face.getAttribute('aria-label')).toBe('Muito satisfeito (9/10)');
  });

  it('shows a detractor as unhappy, and a zero too', () => {
    view = render(<RatingEmoji rate={0} />);
    expect(byTestId('ticket-rating').textContent).toBe('😠');
    view.rerender(<RatingEmoji rate={4} />);
    expect(byTestId('ticket-rating').getAttribute('aria-label')).toBe('Insatisfeito (4/10)');
  });

  it('renders nothing without a rating', () => {
    view = render(<RatingEmoji rate={null} />);
    expect(byTestId('ticket-rating')).toBeNull();
  });
});
