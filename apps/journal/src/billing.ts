import { createSupabasePayments } from '@bahi/billing/supabase';
import { createCheckout } from './billing-choice';
import { appConfig } from './config';
import { supabase } from './supabase';

export const payments = createSupabasePayments(supabase);
export const checkout = createCheckout(appConfig);
