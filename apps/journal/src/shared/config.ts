import { readAppConfig } from './app-config';

/** The app's settings, read once from the build's environment (vite.config.ts has already checked them). */
export const appConfig = readAppConfig(import.meta.env);

/** The assistant's route is named after the product: `/{productName}-AI`. */
export const assistantPath = `/${appConfig.productName}-AI`;
