// Every main screen stays readable in the dark themes: for 暗黑主题 (darkTheme) and 暮色主题 (eveningTheme) each screen's
// visible text in the main content area must reach a WCAG contrast ratio of 3:1 against its effective background.
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { shot, signedIn, tid, useServerAndBrowser } from './harness';

const { server, browser } = useServerAndBrowser();

const MIN_RATIO = 3;
const SAMPLE = 200;

interface LowContrast {
  text: string;
  where: string;
  colour: string;
  background: string;
  ratio: number;
}

interface Screen {
  name: string;
  path: string;
  /** Waits until the screen shows what is checked (and opens panels / dialogs). */
  ready: (page: Page) => Promise<void>;
  /** Where the text is sampled (the main content area, or an open dialog). */
  roots: string[];
}

const SCREENS: Screen[] = [
  { name: 'home', path: '/wel/index', roots: ['.app-content'], ready: (p) => p.locator(tid('home-overview')).waitFor() },
  {
    name: 'users',
    path: '/organisation/user/index',
    roots: ['.app-content'],
    ready: (p) => p.locator('.app-content .ant-table-row').first().waitFor(),
  },
  {
    name: 'workflow-designer',
    path: '/workflow/scheme/design/new',
    roots: ['.app-content'],
    ready: async (p) => {
      await p.locator('.djs-element[data-element-id="task_1"]').waitFor();
      // select the first approval node so the properties panel shows its sections
      await p.locator('.djs-element[data-element-id="task_1"]').click();
      await p
        .locator(`${tid('wfd-side')} .ant-form-item-label`)
        .first()
        .waitFor();
    },
  },
  {
    name: 'form-designer',
    path: '/quick-development/form-design/designer',
    roots: ['.app-content'],
    ready: (p) => p.locator(tid('designer-palette')).waitFor(),
  },
  {
    name: 'news-editor',
    path: '/office-automation/news/index',
    roots: ['.ant-modal'],
    ready: async (p) => {
      await p.locator(tid('news-add')).click();
      await p.locator(`${tid('news-editor')} .ProseMirror`).waitFor();
      await p.locator(`${tid('news-editor')} [role="toolbar"]`).waitFor();
      // some text in the editing area, so its colour is part of the sample too
      await p.locator(`${tid('news-editor')} .ProseMirror`).click();
      await p.keyboard.type('正文');
      // the dialog's opening animation ends before the colours are read
      await p.waitForTimeout(400);
    },
  },
  {
    name: 'tasks',
    path: '/workflow/process/index?tab=todo',
    roots: ['.app-content'],
    ready: async (p) => {
      await p.locator('.app-content .ant-table, .app-content .ant-empty').first().waitFor();
    },
  },
];

/** Runs in the page (or frame): samples visible text under the roots and answers those below the minimum ratio. */
function measure(args: { roots: string[]; sample: number; min: number }): { checked: number; low: LowContrast[]; notes: Record<string, number> } {
  const notes: Record<string, number> = {};
  const note = (k: string) => (notes[k] = (notes[k] ?? 0) + 1);
  type Rgba = [number, number, number, number];
  const parse = (c: string): Rgba | null => {
    const m = /rgba?\(([^)]+)\)/.exec(c);
    if (!m) return null;
    const p = m[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top: Rgba, under: Rgba): Rgba => {
    const a = top[3] + under[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    const mix = (i: number) => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a;
    return [mix(0), mix(1), mix(2), a];
  };
  const luminance = (c: Rgba) => {
    const [r, g, b] = [c[0], c[1], c[2]].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a: Rgba, b: Rgba) => {
    const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
  };
  /** The colour behind the element: its own and its ancestors' backgrounds composed until opaque (white beneath). */
  const background = (el: Element): Rgba | 'image' => {
    const layers: Rgba[] = [];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.backgroundImage && cs.backgroundImage !== 'none' && !cs.backgroundImage.startsWith('url(')) return 'image';
      const bg = parse(cs.backgroundColor);
      if (bg && bg[3] > 0) {
        layers.push(bg);
        if (bg[3] >= 1) break;
      }
    }
    let colour: Rgba = [255, 255, 255, 1];
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const skipped = (el: Element): boolean => {
    if (
      el.closest(
        'svg, [disabled], [aria-disabled="true"], [aria-hidden="true"], .ant-select-selection-placeholder, .ant-input-disabled, .ant-select-disabled, .ant-btn-disabled, .ant-checkbox-wrapper-disabled, .ant-radio-wrapper-disabled, .ant-pagination-disabled, .ant-tooltip, .ant-skeleton',
      )
    )
      return true;
    if (/placeholder|disabled/i.test(typeof el.className === 'string' ? el.className : '')) return true;
    let opacity = 1;
    for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    // deliberately dimmed parts (hidden fields in the form designer, fading animations) are not body text
    return opacity < 0.9;
  };
  const label = (el: Element): string => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && parts.length < 3; e = e.parentElement) {
      const id = e.getAttribute('data-testid');
      const cls = typeof e.className === 'string' ? e.className.split(/\s+/).filter(Boolean).slice(0, 2).join('.') : '';
      parts.push(`${e.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${cls ? `.${cls}` : ''}`);
    }
    return parts.reverse().join(' > ');
  };
  const roots = args.roots.flatMap((r) => Array.from(document.querySelectorAll(r)));
  const candidates: Element[] = [];
  for (const root of roots) {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim().length > 0);
      const input =
        (el instanceof HTMLInputElement && !['hidden', 'checkbox', 'radio', 'file'].includes(el.type) && el.value) ||
        (el instanceof HTMLTextAreaElement && el.value);
      if (!ownText && !input) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1 || rect.bottom < 0 || rect.top > innerHeight) {
        note('off-screen or under 1 px');
        continue;
      }
      const cs = getComputedStyle(el);
      if (cs.visibility !== 'visible' || cs.display === 'none') {
        note('invisible');
        continue;
      }
      if (skipped(el)) {
        note('disabled, placeholder or dimmed');
        continue;
      }
      candidates.push(el);
    }
  }
  // an even sample across the screen when there are more than `sample`
  const step = Math.max(1, candidates.length / args.sample);
  const picked: Element[] = [];
  for (let i = 0; i < candidates.length && picked.length < args.sample; i += step) picked.push(candidates[Math.floor(i)]);
  const low: LowContrast[] = [];
  let checked = 0;
  for (const el of picked) {
    const bg = background(el);
    if (bg === 'image') {
      note('on a background image');
      continue;
    }
    const fg = parse(getComputedStyle(el).color);
    if (!fg) continue;
    checked += 1;
    const r = ratio(over(fg, bg), bg);
    if (r < args.min) {
      const text = (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : (el.textContent ?? '')).trim().slice(0, 30);
      low.push({
        text,
        where: label(el),
        colour: getComputedStyle(el).color,
        background: `rgb(${bg.slice(0, 3).map(Math.round).join(',')})`,
        ratio: Math.round(r * 100) / 100,
      });
    }
  }
  return { checked, low, notes };
}

/**
 * Texts on the screen that are translation keys ('wfTask:tabs.todo', 'tabs.todo'): a namespace that was fetched too
 * late or never. Screens fetch their namespaces when they first render, so each screen here checks for them too.
 */
function untranslatedTexts(): string[] {
  const looksLikeKey = (text: string) =>
    /^[a-z][A-Za-z0-9]*:[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*$/.test(text) || /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*){1,3}$/.test(text);
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').trim();
    if (looksLikeKey(text)) found.push(text);
  }
  for (const el of document.querySelectorAll('[placeholder], [title], [aria-label]')) {
    for (const name of ['placeholder', 'title', 'aria-label']) {
      const text = el.getAttribute(name)?.trim() ?? '';
      if (looksLikeKey(text)) found.push(`${name}="${text}"`);
    }
  }
  return found;
}

async function check(target: Page | Frame, roots: string[]): ReturnType<typeof measure> {
  return target.evaluate(measure, { roots, sample: SAMPLE, min: MIN_RATIO });
}

describe('theme contrast', () => {
  for (const themeName of ['darkTheme', 'eveningTheme'] as const) {
    it(`main screens are readable in ${themeName}`, async () => {
      const { context, page } = await signedIn(browser(), server(), 'admin');
      try {
        await page.evaluate((name) => {
          localStorage.setItem('app.theme', name);
          localStorage.setItem('app.menuLayout', 'top');
        }, themeName);
        const failures: string[] = [];
        for (const screen of SCREENS) {
          await page.goto(screen.path);
          await screen.ready(page);
          await shot(page, `theme-${themeName}-${screen.name}`);
          const { checked, low, notes } = await check(page, screen.roots);
          for (const text of await page.evaluate(untranslatedTexts)) failures.push(`${themeName} ${screen.name}: untranslated "${text}"`);
          if (checked < 5) failures.push(`${themeName} ${screen.name}: only ${checked} text elements sampled (${JSON.stringify(notes)})`);
          for (const l of low) failures.push(`${themeName} ${screen.name}: "${l.text}" ${l.where} ${l.colour} on ${l.background} = ${l.ratio}`);
          if (screen.name === 'news-editor') {
            // the rich-text editor's editing area (a div in the page): its text on its background, composed with the
            // backgrounds behind it
            const ratio = await page.locator(`${tid('news-editor')} .ProseMirror`).evaluate((el) => {
              const parse = (c: string) =>
                (/rgba?\(([^)]+)\)/.exec(c)?.[1] ?? '0,0,0,0')
                  .split(/[\s,/]+/)
                  .filter(Boolean)
                  .map(Number);
              const lum = (c: number[]) => {
                const [r, g, b] = c.slice(0, 3).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
                return 0.2126 * r + 0.7152 * g + 0.0722 * b;
              };
              const layers: number[][] = [];
              for (let e: Element | null = el; e; e = e.parentElement) {
                const bg = parse(getComputedStyle(e).backgroundColor);
                const alpha = bg.length > 3 ? bg[3] : 1;
                if (alpha > 0) layers.push([bg[0], bg[1], bg[2], alpha]);
                if (alpha >= 1) break;
              }
              let base = [255, 255, 255];
              for (const [r, g, b, a] of layers.reverse()) base = [r * a + base[0] * (1 - a), g * a + base[1] * (1 - a), b * a + base[2] * (1 - a)];
              const colour = getComputedStyle(el).color;
              const [x, y] = [lum(parse(colour)), lum(base)].sort((p, q) => q - p);
              return { ratio: (x + 0.05) / (y + 0.05), dark: lum(base) < 0.2, colour, background: `rgb(${base.map(Math.round).join(',')})` };
            });
            const colours = { colour: ratio.colour, background: ratio.background };
            if (ratio.ratio < MIN_RATIO)
              failures.push(`${themeName} ${screen.name}: editor body ${colours.colour} on ${colours.background} = ${ratio.ratio.toFixed(2)}`);
            if (!ratio.dark) failures.push(`${themeName} ${screen.name}: the rich-text editor stays light (${colours.background})`);
          }
        }
        expect(failures, failures.join('\n')).toEqual([]);
      } finally {
        await context.close();
      }
    }, 90_000);
  }
});
