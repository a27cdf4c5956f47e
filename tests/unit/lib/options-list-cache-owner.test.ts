// An options page opened on connection A writes its list answer after a switch to B (the page starts again
// only once the switch is seen): that late entry is kept under A, never shown under B. Its own file: the
// page's connection is read once per page load (module state).
import { expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { listCacheOwner, readCachedList, writeCachedList } from '@/lib/options-list-cache';
import { makePage, makeReport } from '../options/fakes';

it('a list answer written after a switch is kept for its own connection, never under the new one', async () => {
  await fakeBrowser.storage.session.set({ activeConnection: 'a' });
  await listCacheOwner(); // the page opened on A
  const ofA = makePage([makeReport(1)]);
  await writeCachedList('q1', ofA);
  expect(await readCachedList('q1')).toEqual(ofA);

  await fakeBrowser.storage.session.set({ activeConnection: 'b' });
  await writeCachedList('q2', ofA); // A's answer, after the switch
  const stored = Object.keys(await fakeBrowser.storage.session.get(null));
  expect(stored.filter((key) => key.startsWith('b:'))).toEqual([]);
  expect(stored).toContain('a:optionsList:q:q2');
});
