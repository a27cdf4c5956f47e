import { render } from 'preact';
import '@/components/base.css';
import './style.css';
import { followSwitch } from '@/lib/connection-space';
import { t } from '@/lib/i18n';
import { App } from './App';
import { createPopupModel } from './popup-model';

// The language of the messages shown (English stands in for a language without them), for screen readers.
document.documentElement.lang = t('uiLanguageCode');
// A switch made anywhere (the options page, another window): the popup shows the new connection.
followSwitch(() => location.reload());
const model = createPopupModel();
// One first render, once the kept reports are read and shown (or found missing): a header rendered alone
// before them was laid out at the load event, when Chrome sizes and shows the popup, and their reads
// waited behind that work; then everything rendered again.
let shown = false;
const show = () => {
  if (shown) return;
  shown = true;
  render(<App model={model} />, document.getElementById('app')!);
};
// Rendered whatever happens to the start: a popup is never left blank.
void model.start(show).finally(show);
