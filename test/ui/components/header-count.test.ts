/** The loaded count in the breadcrumb: '300+' while more exists, '2,500' once all is loaded. */
import { describe, expect, it } from 'vitest';
import { formatHeaderLine, loadedCount } from '../../../src/ui/components/header-format.js';
import { displayWidth } from '../../../src/text/index.js';

describe('loadedCount', () => {
  it('says how many rows are loaded, with + while more exist', () => {
    expect(loadedCount(300, true, 3)).toBe('300+');
    expect(loadedCount(2500, false, 25)).toBe('2,500');
    expect(loadedCount(0, false, 1)).toBe('0');
    expect(loadedCount(0, true, 0)).toBeUndefined(); // nothing known before the first page
  });
});

describe('the breadcrumb with a count', () => {
  it('follows the current place, in brackets', () => {
    const line = formatHeaderLine({ breadcrumb: ['demo', 'Evergreen Landing Pages'], count: '10,000' }, 80);
    expect(line.startsWith('pagetui  demo › Evergreen Landing Pages [10,000]')).toBe(true);
    expect(displayWidth(line)).toBe(80);
  });

  it('stays whole when the crumbs are cut, and is shown on the group list too', () => {
    const line = formatHeaderLine({ breadcrumb: ['https://pages.example.com', 'A rather long page group title'], count: '300+', sort: 'name A→Z' }, 50);
    expect(displayWidth(line)).toBe(50);
    expect(line).toContain('[300+]');
    expect(line).toContain('…');
    expect(formatHeaderLine({ breadcrumb: ['demo'], count: '12' }, 40)).toContain('pagetui  demo [12]');
  });

  it('shows no brackets without a count', () => {
    expect(formatHeaderLine({ breadcrumb: ['demo', 'G'] }, 40)).not.toContain('[');
  });
});
