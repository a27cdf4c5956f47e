// Issue 11: an options page opened on connection A writes its list answer after a switch to B (the page
// starts again only once the switch is seen). That late entry is never shown under B. Its own file: the
// page's connection is read once per page load (module state).
import { expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { switchConnectionData } from '@/entrypoints/background/connection-stash';
import { listCacheOwner, readCachedList, writeCachedList } from '@/lib/options-list-cache';
import { makePage, makeReport } from '../options/fakes';

it('a list answer written after a switch is not shown under the new connection, nor lost to its own', async () => {
  await fakeBrowser.storage.session.set({ activeConnection: 'a' });
  await listCacheOwner(); // the page opened on A
  const ofA = makePage([makeReport(1)]);
  await writeCachedList('q1', ofA);
  expect(await readCachedList('q1')).toEqual(ofA);

  await switchConnectionData('a', 'b');
  await writeCachedList('q2', ofA); // A's answer, after the switch
  expect(await readCachedList('q2')).toBeNull();

  await switchConnectionData('b', 'a');
  expect(await readCachedList('q1')).toEqual(ofA);
});
