import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import * as projectAnnotations from './preview';

// Apply the preview's decorators, globals and a11y parameters to every story run as a test.
setProjectAnnotations([a11yAddonAnnotations, projectAnnotations]);
