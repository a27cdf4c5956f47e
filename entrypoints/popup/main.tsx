import { render } from 'preact';

render(<main>Page Reports</main>, document.getElementById('app')!);
