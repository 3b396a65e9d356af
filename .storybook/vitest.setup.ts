import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import { checkNoHorizontalOverflow } from './overflow-check';
import * as projectAnnotations from './preview';
import { checkVisualRegression } from './visual-regression';

// Apply the preview's decorators, globals and a11y parameters to every story run as a test.
setProjectAnnotations([a11yAddonAnnotations, projectAnnotations]);

// Every story looks like its committed screenshots in light, dark and at 360 px. Registered before the overflow check
// so that it runs after it (vitest runs afterEach hooks last registered first).
checkVisualRegression();

// Every story must fit 360 px and 1280 px without the page scrolling sideways.
checkNoHorizontalOverflow();
