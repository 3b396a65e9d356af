import { createSupabasePayments } from '@bahi/billing/supabase';
import { supabase } from '../data/supabase';
import { appConfig } from '../shared/config';
import { createCheckout } from './billing-choice';

export const payments = createSupabasePayments(supabase);
export const checkout = createCheckout(appConfig);
