-- The DP charge on a broker profile applies from the day the trader set it: sales before that day are charged the
-- depository charge published for their own date (Zerodha's, in @bahi/trading), not today's figure.

alter table public.broker_profiles add column if not exists dp_charge_from date;
comment on column public.broker_profiles.dp_charge_from is
  'First sale date (IST) dp_charge_per_sell applies to: set to the day it was entered or changed, unless the client '
  'gives another date with the change. Earlier sales use the dated DP charges.';

-- Profiles from before this column: their DP charge was entered when the profile was made.
update public.broker_profiles
set dp_charge_from = (created_at at time zone 'Asia/Kolkata')::date
where dp_charge_from is null;

-- A new profile, or a changed DP charge, applies from today (IST) unless the same write names its own date.
create or replace function private.set_dp_charge_from()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.dp_charge_from := coalesce(new.dp_charge_from, (now() at time zone 'Asia/Kolkata')::date);
  elsif (new.dp_charge_per_sell, new.dp_charge_includes_gst) is distinct from
      (old.dp_charge_per_sell, old.dp_charge_includes_gst)
    and new.dp_charge_from is not distinct from old.dp_charge_from then
    new.dp_charge_from := (now() at time zone 'Asia/Kolkata')::date;
  end if;
  return new;
end
$$;

revoke all on function private.set_dp_charge_from() from public;

create or replace trigger set_dp_charge_from before insert or update on public.broker_profiles
  for each row execute function private.set_dp_charge_from();
