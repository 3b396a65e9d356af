// India's states and union territories, for the trader's state of residence (stamp duty before 1 Jul 2020 was
// charged at the rates of the client's state). Codes are ISO 3166-2:IN without the "IN-" prefix.

export const INDIAN_STATES = [
  { code: 'AN', name: 'Andaman and Nicobar Islands' },
  { code: 'AP', name: 'Andhra Pradesh' },
  { code: 'AR', name: 'Arunachal Pradesh' },
  { code: 'AS', name: 'Assam' },
  { code: 'BR', name: 'Bihar' },
  { code: 'CH', name: 'Chandigarh' },
  { code: 'CG', name: 'Chhattisgarh' },
  { code: 'DH', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: 'DL', name: 'Delhi' },
  { code: 'GA', name: 'Goa' },
  { code: 'GJ', name: 'Gujarat' },
  { code: 'HR', name: 'Haryana' },
  { code: 'HP', name: 'Himachal Pradesh' },
  { code: 'JK', name: 'Jammu and Kashmir' },
  { code: 'JH', name: 'Jharkhand' },
  { code: 'KA', name: 'Karnataka' },
  { code: 'KL', name: 'Kerala' },
  { code: 'LA', name: 'Ladakh' },
  { code: 'LD', name: 'Lakshadweep' },
  { code: 'MP', name: 'Madhya Pradesh' },
  { code: 'MH', name: 'Maharashtra' },
  { code: 'MN', name: 'Manipur' },
  { code: 'ML', name: 'Meghalaya' },
  { code: 'MZ', name: 'Mizoram' },
  { code: 'NL', name: 'Nagaland' },
  { code: 'OD', name: 'Odisha' },
  { code: 'PY', name: 'Puducherry' },
  { code: 'PB', name: 'Punjab' },
  { code: 'RJ', name: 'Rajasthan' },
  { code: 'SK', name: 'Sikkim' },
  { code: 'TN', name: 'Tamil Nadu' },
  { code: 'TS', name: 'Telangana' },
  { code: 'TR', name: 'Tripura' },
  { code: 'UP', name: 'Uttar Pradesh' },
  { code: 'UK', name: 'Uttarakhand' },
  { code: 'WB', name: 'West Bengal' },
] as const;

export type IndianStateCode = (typeof INDIAN_STATES)[number]['code'];
export type IndianState = (typeof INDIAN_STATES)[number];

/**
 * The state assumed for a trader who has not chosen one: Maharashtra. When the Finance Act 2019 made stamp duty on
 * securities uniform, Maharashtra's rates were taken as the benchmark because it accounted for about 70% of the
 * duty collected (Business Standard/PTI, 30 Mar 2020), and its schedule is the one brokers published for most large
 * states (Delhi, Gujarat and Kerala charged the same) and used for states without their own.
 */
export const DEFAULT_STATE: IndianStateCode = 'MH';

const CODES: ReadonlySet<string> = new Set(INDIAN_STATES.map((state) => state.code));

export function isIndianStateCode(code: string): code is IndianStateCode {
  return CODES.has(code);
}
