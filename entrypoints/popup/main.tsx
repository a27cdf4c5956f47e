import { render } from 'preact';
import '@/components/base.css';
import './style.css';
import { followSwitch } from '@/lib/connection-space';
import { t } from '@/lib/i18n';
import { App } from './App';
import { createPopupModel } from './popup-model';

const model = createPopupModel();
// One first render, once the kept reports are read (asked for first): it is the popup's largest paint, and
// a header rendered alone before them was laid out while Chrome sized the popup, delaying their reads.
let shown = false;
const show = () => {
  if (shown) return;
  shown = true;
  render(<App model={model} />, document.getElementById('app')!);
};
// Rendered whatever happens to the start: a popup is never left blank.
void model.start(show).finally(show);
document.documentElement.lang = t('uiLanguageCode');
followSwitch(() => location.reload());
