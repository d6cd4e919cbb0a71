import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { routes } from './router';
import { menuPath } from './shell/menu-utils';
// Written by the server's test server/src/modules/menu/menu-addresses.test.ts from the menus the seeded accounts get.
import seededAddresses from './seeded-menu-addresses.json';

/** Where a click on the menu entry with this address navigates (leaf entries get /index, spec 2.4). */
const target = (path: string) => menuPath({ path, children: [], target: '' });

describe('every menu address a seeded role sees opens a page', () => {
  it('has a checked-in list to check', () => {
    expect(seededAddresses.length).toBeGreaterThan(10);
  });

  it.each(seededAddresses)('%s resolves to a page inside the layout, not the 404 route', (address) => {
    const matches = matchRoutes(routes, target(address)) ?? [];
    const leaf = matches.at(-1)?.route;
    expect(leaf, target(address)).toBeDefined();
    expect((leaf?.handle as { unknownPath?: boolean } | undefined)?.unknownPath, target(address)).not.toBe(true);
    // Inside the shell: the layout route (the one with the pathless children) is among the matches.
    expect(matches.length, target(address)).toBeGreaterThanOrEqual(3);
  });
});
