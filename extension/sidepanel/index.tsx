import { render } from 'preact';
import { SidePanelApp } from '../../src/ui/sidepanel/app';
import '../../src/ui/styles.css';
import { createUiServices } from '../shared/ui-services';

const root = document.getElementById('app');
if (root) render(<SidePanelApp services={createUiServices()} />, root);
