import { render } from 'preact';
import '@/components/base.css';
import '../popup/style.css';
import './style.css';
import { followSwitch } from '@/lib/connection-space';
import { t } from '@/lib/i18n';
import { createSidePanel } from './panel';
import { SidePanel } from './SidePanel';

document.documentElement.lang = t('uiLanguageCode');
followSwitch(() => location.reload());
const panel = createSidePanel();
render(<SidePanel panel={panel} />, document.getElementById('app')!);
void panel.start();
