import { render } from 'preact';
import { OptionsApp } from '../../src/ui/options/options-app';
import '../../src/ui/styles.css';
import { createUiServices } from '../shared/ui-services';

const root = document.getElementById('app');
if (root) render(<OptionsApp services={createUiServices()} />, root);
