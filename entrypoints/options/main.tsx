import { render } from 'preact';
import '@/components/base.css';
import '@/components/list.css';
import './style.css';
import { App } from './App';

render(<App />, document.getElementById('app')!);
