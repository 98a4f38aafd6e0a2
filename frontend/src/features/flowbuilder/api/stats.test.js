import { describe, expect, it } from 'vitest';
import {
  defaultRange, dropRate, edgeCount, labelEdges, nodeStats, rangeLimits,
} from './stats';

describe('stats overlay', () => {
  it('defaults to the last 30 days, today included (the server\'s today − 29)', () => {
    expect(defaultRange('UTC', new Date(Date.UTC(2026, 10, 25, 15)))).toEqual({ dateFrom: '2026-10-27', dateTo: '2026-11-25' });
    // 01:30 UTC is still the 24th in São Paulo, the company's zone.
    expect(defaultRange('America/Sao_Paulo', new Date(Date.UTC(2026, 10, 25, 1, 30)))).toEqual({ dateFrom: '2026-10-26', dateTo: '2026-11-24' });
  });
  it('bounds the date inputs: from ≤ to, at most 366 days with both ends', () => {
    expect(rangeLimits({ dateFrom: '2026-01-01', dateTo: '2026-03-01' })).toEqual({
      dateFrom: { min: '2025-03-01', max: '2026-03-01' },
      dateTo: { min: '2026-01-01', max: '2027-01-01' },
    });
  });
  it('reads node counts with zeros for unseen nodes', () => {
    const stats = { nodes: { a: { entered: 10, stopped: 3 } } };
    expect(nodeStats(stats, 'a')).toEqual({ entered: 10, stopped: 3 });
    expect(nodeStats(stats, 'b')).toEqual({ entered: 0, stopped: 0 });
    expect(dropRate(nodeStats(stats, 'a'))).toBe(30);
    expect(dropRate(nodeStats(stats, 'b'))).toBe(0);
  });
  it('labels edges by id, else by source>handle>target', () => {
    const stats = { edges: { e1: 4, 'm>a2>x': 2 } };
    expect(edgeCount(stats, { id: 'e1', source: 'm', target: 'x' })).toBe(4);
    expect(edgeCount(stats, { id: 'other', source: 'm', sourceHandle: 'a2', target: 'x' })).toBe(2);
    expect(labelEdges([{ id: 'e1' }, { id: 'zz', source: 'q', target: 'r' }], stats).map((e) => e.label)).toEqual(['4', '0']);
    // Runs from before the edge had an id are counted under its ends: both keys add up.
    const mixed = { edges: { e1: 4, 'm>a2>x': 3, 'm>>y': 1 } };
    expect(edgeCount(mixed, { id: 'e1', source: 'm', sourceHandle: 'a2', target: 'x' })).toBe(7);
    expect(edgeCount(mixed, { id: 'e2', source: 'm', target: 'y' })).toBe(1);
    expect(labelEdges([{ id: 'e1', source: 'm', sourceHandle: 'a2', target: 'x' }], mixed)[0].label).toBe('7');
    expect(labelEdges([{ id: 'e1', label: '4' }], null)[0].label).toBeUndefined();
  });
});
