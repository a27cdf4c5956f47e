import { render } from 'preact';
import '@/components/base.css';
import '@/components/list.css';
import './style.css';
import { t } from '@/lib/i18n';
import { App } from './App';
import { startOptionsPage } from './options-page';
// Started before the first render, not in an effect after it: the list's request leaves at once instead
// of a frame later.
const started = startOptionsPage();
// For screen readers and hyphenation: the language the messages are in (index.html says English).
document.documentElement.lang = t('uiLanguageCode');
render(<App start={() => started} />, document.getElementById('app')!);
