import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import { checkNoHorizontalOverflow } from './overflow-check';
import * as projectAnnotations from './preview';

// Apply the preview's decorators, globals and a11y parameters to every story run as a test.
setProjectAnnotations([a11yAddonAnnotations, projectAnnotations]);

// Every story must fit 360 px and 1280 px without the page scrolling sideways.
checkNoHorizontalOverflow();
