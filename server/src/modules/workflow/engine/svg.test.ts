import { describe, expect, it } from 'vitest';
import { FIXTURES, loadFixture } from '../fixtures/index.js';
import { escapeXml, renderDiagramSvg } from './svg.js';

const ids = { lisi: 'u-lisi', wangwu: 'u-wangwu', admin: 'u-admin' };

/** A small well-formedness check: balanced tags, quoted attributes, no stray '<' or '&' in text. */
function assertWellFormed(svg: string): void {
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (const m of svg.matchAll(tag)) {
    const text = svg.slice(last, m.index);
    expect(text, `text before ${m[0]}`).not.toMatch(/[<>]/);
    expect(text).not.toMatch(/&(?!(?:amp|lt|gt|quot|#39);)/);
    last = m.index + m[0].length;
    if (m[1]) expect(stack.pop(), `closing ${m[2]}`).toBe(m[2]);
    else if (!m[4]) stack.push(m[2]!);
  }
  expect(svg.slice(last).trim()).toBe('');
  expect(stack).toEqual([]);
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
}

describe('renderDiagramSvg', () => {
  it.each(FIXTURES)('draws fixture %s as well-formed SVG', async (name) => {
    const svg = await renderDiagramSvg(loadFixture(name, ids));
    assertWellFormed(svg);
    expect(svg).toContain('data-element-id="start"');
    expect(svg).toContain('<polyline');
  });

  it('draws names, markers and highlight colours', async () => {
    const svg = await renderDiagramSvg(loadFixture('linear', ids), { done: ['start', 'manager'], current: ['finance'] });
    expect(svg).toMatch(/>Manager<\/tspan><tspan[^>]*>approval</);
    expect(svg).toMatch(/data-element-id="manager" data-state="done"><rect[^>]*stroke="#52c41a"/);
    expect(svg).toMatch(/data-element-id="finance" data-state="current"><rect[^>]*stroke="#fa8c16"/);
    expect(svg).toMatch(/data-element-id="end" data-state="pending"><circle[^>]*stroke="#8c8c8c" stroke-width="4"/);
    expect(svg).toMatch(/data-element-id="f1" data-state="done"/);
    expect(svg).toMatch(/data-element-id="f2" data-state="done"/);
    expect(svg).toMatch(/data-element-id="f3" data-state="pending"/);
    const cs = await renderDiagramSvg(loadFixture('countersign-parallel', ids));
    expect(cs).toMatch(/v10 M[\d.]+ [\d.]+ v10/); // the multi-instance bars
    const gw = await renderDiagramSvg(loadFixture('parallel', ids));
    expect(gw).toContain('<polygon');
  });

  it('escapes names from the XML', async () => {
    const xml = loadFixture('linear', ids).replace('name="Manager approval"', 'name="&lt;script&gt;alert(&quot;x&quot;) &amp; co &#39;q&#39;"');
    const svg = await renderDiagramSvg(xml);
    assertWellFormed(svg);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('&amp;');
  });

  it('colours an expanded sub-process by its inner nodes', async () => {
    const svg = await renderDiagramSvg(loadFixture('embedded-subprocess', ids), { current: ['inner'] });
    expect(svg).toMatch(/data-element-id="sub" data-state="current"/);
    expect(svg).toMatch(/data-element-id="f1" data-state="pending"/);
    const later = await renderDiagramSvg(loadFixture('embedded-subprocess', ids), { done: ['start', 'inner'], current: ['after'] });
    expect(later).toMatch(/data-element-id="f1" data-state="done"/);
    expect(later).toMatch(/data-element-id="f2" data-state="done"/);
    expect(svg).toContain('>Inner<');
  });

  it('lays the nodes out left to right without DI', async () => {
    const xml = loadFixture('exclusive', ids).replace(/<bpmndi:BPMNDiagram[\s\S]*<\/bpmndi:BPMNDiagram>/, '');
    const svg = await renderDiagramSvg(xml, { current: ['long'] });
    assertWellFormed(svg);
    const xOf = (id: string) => Number(new RegExp(`data-element-id="${id}"[^>]*><(?:rect|circle|polygon)[^>]*?(?:x|cx|points)="([\\d.]+)`).exec(svg)![1]);
    expect(xOf('start')).toBeLessThan(xOf('gw'));
    expect(xOf('gw')).toBeLessThan(xOf('long'));
    expect(xOf('long')).toBeLessThan(xOf('end'));
    expect(svg).toMatch(/data-element-id="long" data-state="current"/);
    expect(svg).toContain('>Team lead<');
    const timer = await renderDiagramSvg(loadFixture('timer-remind', ids).replace(/<bpmndi:BPMNDiagram[\s\S]*<\/bpmndi:BPMNDiagram>/, ''));
    assertWellFormed(timer);
    expect(timer).toContain('data-element-id="remind"');
  });

  it('draws an empty picture for unreadable XML', async () => {
    const svg = await renderDiagramSvg('<oops');
    assertWellFormed(svg);
  });

  it('wraps long names by words, Chinese by characters', async () => {
    const xml = loadFixture('linear', ids).replace('name="Manager approval"', 'name="部门经理审批意见汇总"');
    const svg = await renderDiagramSvg(xml);
    expect(svg).toContain('>部门经理审批意<');
    expect(svg).toContain('>见汇总<');
  });

  it('escapes every special character', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
