import { render } from 'preact';
import '@/components/base.css';
import './style.css';
import { followSwitch } from '@/lib/connection-space';
import { t } from '@/lib/i18n';
import { App } from './App';
import { createPopupModel } from './popup-model';

document.documentElement.lang = t('uiLanguageCode');
followSwitch(() => location.reload());
const model = createPopupModel();
// One first render, once the kept reports are read: a header rendered alone before them was laid out when
// Chrome sizes and shows the popup, and their reads waited behind that work.
let shown = false;
const show = () => {
  if (shown) return;
  shown = true;
  render(<App model={model} />, document.getElementById('app')!);
};
// Rendered whatever happens to the start: a popup is never left blank.
void model.start(show).finally(show);
