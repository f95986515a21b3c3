// After a route change the new page's heading takes focus once it is drawn, unless the person has
// already moved focus on by then: a keyboard user tabbing through the menu while the page loads
// keeps their place.
import { act, useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, useLocation } from 'wouter';
import { byRole, click, type Rendered, render, settle } from '@web/testing/render';
import { meAs } from '@web/testing/session';
import { PageAnnouncer } from './page-announcer';

let shown: Rendered | undefined;
afterEach(async () => {
  await shown?.unmount();
});

/** Draws the page's heading when the test says so, as a page does once its data comes. */
let drawHeading = () => {};

/** A page of its own per address, as the app's routes are. */
function Page({ title }: { title: string }) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    drawHeading = () => setDrawn(true);
  }, []);
  return <main>{drawn && <h1>{title}</h1>}</main>;
}

function Screen() {
  const [location] = useLocation();
  return (
    <>
      <aside>
        <nav aria-label="Main">
          <Link href="/calendar">Calendar</Link>
          <Link href="/library">Library</Link>
        </nav>
      </aside>
      <Page key={location} title={location === '/calendar' ? 'Calendar' : 'Dashboard'} />
      <PageAnnouncer />
    </>
  );
}

async function showDashboard() {
  shown = await render(<Screen />, { me: meAs('owner'), path: '/dashboard' });
  await act(async () => drawHeading());
  return shown;
}

describe('the page announcer', () => {
  it("puts focus on the new page's heading once it is drawn, and names the tab after it", async () => {
    const s = await showDashboard();
    const link = byRole(s.container, 'link', 'Calendar');
    link.focus();
    await click(link);
    expect(document.activeElement).toBe(link);
    await act(async () => drawHeading());
    await settle();
    expect(document.activeElement).toBe(byRole(s.container, 'heading', 'Calendar'));
    expect(document.title).toMatch(/^Calendar · /);
  });

  it('leaves focus where the person moved it while the page was still loading', async () => {
    const s = await showDashboard();
    const link = byRole(s.container, 'link', 'Calendar');
    link.focus();
    await click(link);
    const onward = byRole(s.container, 'link', 'Library');
    onward.focus();
    await act(async () => drawHeading());
    await settle();
    expect(document.activeElement).toBe(onward);
    expect(document.title).toMatch(/^Calendar · /);
  });
});
