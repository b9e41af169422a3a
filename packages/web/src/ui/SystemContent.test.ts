import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SystemContent, safeContentUrl } from './SystemContent';

const render = (markdown: string) =>
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(SystemContent, { markdown })));

describe('SystemContent', () => {
  it('renders the CommonMark subset', () => {
    const html = render('# Title\n\n**bold** and *it*\n\n- one\n- two\n\n> quoted');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>it</em>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<blockquote>');
  });

  it('keeps raw HTML as text and drops images', () => {
    const html = render('<script>alert(1)</script>\n\nhi <b>x</b> ![alt](https://x.example/a.png)');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<img');
  });

  it('sends http links through the warning page and neutralises other schemes', () => {
    const html = render('[a](https://x.example/p?q=1) [b](javascript:alert(1)) [c](mailto:a@b.example) [d](/x)');
    expect(html).toContain(`href="/pages/common/external-link?url=${encodeURIComponent('https://x.example/p?q=1')}"`);
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="mailto:a@b.example"');
    expect(html).toContain('<span class="sys-content__nolink">b</span>');
    expect(html).toContain('<span class="sys-content__nolink">d</span>');
  });

  it('safeContentUrl allows http, https, mailto only', () => {
    expect(safeContentUrl('https://a.example')).toBe('https://a.example/');
    expect(safeContentUrl(' JavaScript:alert(1)')).toBe('');
    expect(safeContentUrl('data:text/html,x')).toBe('');
    expect(safeContentUrl('mailto:x@y.example')).toBe('mailto:x@y.example');
  });
});
