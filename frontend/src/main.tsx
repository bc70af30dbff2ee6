// The browser entry: hydrate the prerendered page for the current path.
import { hydrate } from 'react-dom';
import { App } from './App';
import './styles.css';

const root = document.getElementById('app');
if (root) hydrate(<App path={window.location.pathname} year={new Date().getFullYear()} />, root);
