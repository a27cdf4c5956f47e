import { render } from 'preact';
import '@/components/base.css';
import './style.css';
import { App } from './App';
import { createPopupModel } from './popup-model';

const model = createPopupModel();
render(<App model={model} />, document.getElementById('app')!);
void model.start();
