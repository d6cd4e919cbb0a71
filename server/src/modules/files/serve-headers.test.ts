import { describe, expect, it } from 'vitest';
import { contentDisposition, parseRange, presentationOf, SVG_CSP } from './serve-headers.js';

describe('parseRange (size 100)', () => {
  it.each<[string | undefined, ReturnType<typeof parseRange>]>([
    [undefined, { kind: 'whole' }],
    ['', { kind: 'whole' }],
    ['bytes=0-9', { kind: 'range', range: { start: 0, end: 9 } }],
    ['bytes=90-', { kind: 'range', range: { start: 90, end: 99 } }],
    ['bytes=90-500', { kind: 'range', range: { start: 90, end: 99 } }],
    ['bytes=-10', { kind: 'range', range: { start: 90, end: 99 } }],
    ['bytes=-500', { kind: 'range', range: { start: 0, end: 99 } }],
    ['bytes=99-99', { kind: 'range', range: { start: 99, end: 99 } }],
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=5-2', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=0-1,5-6', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
    ['bytes=a-b', { kind: 'whole' }],
  ])('%j', (header, expected) => expect(parseRange(header, 100)).toEqual(expected));

  it('an empty file has no satisfiable range', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('presentationOf', () => {
  it.each<[string, boolean, { contentType: string; inline: boolean; csp: string | null }]>([
    ['image/png', false, { contentType: 'image/png', inline: true, csp: null }],
    ['image/png', true, { contentType: 'image/png', inline: false, csp: null }],
    ['application/pdf', false, { contentType: 'application/pdf', inline: true, csp: null }],
    ['video/mp4', false, { contentType: 'video/mp4', inline: true, csp: null }],
    ['audio/mpeg', false, { contentType: 'audio/mpeg', inline: true, csp: null }],
    ['text/csv', false, { contentType: 'text/plain; charset=utf-8', inline: true, csp: null }],
    ['application/json', false, { contentType: 'text/plain; charset=utf-8', inline: true, csp: null }],
    ['application/xml', false, { contentType: 'text/plain; charset=utf-8', inline: true, csp: null }],
    ['image/svg+xml', false, { contentType: 'image/svg+xml', inline: true, csp: SVG_CSP }],
    ['image/svg+xml', true, { contentType: 'image/svg+xml', inline: false, csp: null }],
    ['text/html', false, { contentType: 'text/html', inline: false, csp: null }],
    ['application/zip', false, { contentType: 'application/zip', inline: false, csp: null }],
    ['application/msword', false, { contentType: 'application/msword', inline: false, csp: null }],
    ['', false, { contentType: 'application/octet-stream', inline: false, csp: null }],
  ])('%s (download %s)', (mime, download, expected) => expect(presentationOf(mime, download)).toEqual(expected));
});

describe('contentDisposition', () => {
  it.each([
    ['a.pdf', true, `inline; filename="a.pdf"; filename*=UTF-8''a.pdf`],
    ['报告.pdf', false, `attachment; filename="__.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf`],
    ['a "b"\\c%.txt', true, `inline; filename="a _b__c_.txt"; filename*=UTF-8''a%20%22b%22%5Cc%25.txt`],
    ["it's (1).png", true, `inline; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`],
  ])('%s', (name, inline, expected) => expect(contentDisposition(name, inline)).toBe(expected));
});
