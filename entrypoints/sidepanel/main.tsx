import { render } from 'preact';
import '@/components/base.css';
import '../popup/style.css';
import './style.css';
import { followSwitch } from '@/lib/connection-space';
import { t } from '@/lib/i18n';
import { browser } from '@/lib/page-browser';
import { browserTabsOwner } from '@/lib/tabs-permission';
import { createSidePanel } from './panel';
import { SidePanel } from './SidePanel';
import { browserTabs } from './tab-follower';

document.documentElement.lang = t('uiLanguageCode');
followSwitch(() => location.reload());
const panel = createSidePanel({
  tabs: browserTabs,
  owner: browserTabsOwner(),
  permissions: browser.permissions,
});
render(<SidePanel panel={panel} />, document.getElementById('app')!);
void panel.start();
