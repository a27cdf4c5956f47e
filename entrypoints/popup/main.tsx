import { render } from 'preact';
import '@/components/base.css';
import './style.css';
import { t } from '@/lib/i18n';
import { App } from './App';
import { createPopupModel } from './popup-model';

// The language of the messages shown (English stands in for a language without them), for screen readers.
document.documentElement.lang = t('uiLanguageCode');
const model = createPopupModel();
// Its reads of the tab and the kept reports go out first: the header renders while they are answered.
void model.start();
render(<App model={model} />, document.getElementById('app')!);
