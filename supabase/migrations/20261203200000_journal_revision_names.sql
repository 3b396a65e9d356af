-- Issue 26: the app keeps the journal in the browser between visits and uses its copy while journal_revision() is
-- the revision it was read at. journal_trades() also returns each trade's tags and its playbook's name, so tagging a
-- trade, renaming or deleting a tag, and renaming or deleting a playbook now move the revision on too (once per
-- statement, outside a rebuild, which moves it itself), like any change to trades or fills.
do $$
declare
  t text;
  e text;
begin
  foreach t in array array['trade_tags', 'tags', 'playbooks'] loop
    foreach e in array array['insert', 'update', 'delete'] loop
      -- A new tag or playbook is on no trade yet.
      continue when t <> 'trade_tags' and e = 'insert';
      execute format('drop trigger if exists move_journal_revision_%s on public.%I', e, t);
      execute format(
        'create trigger move_journal_revision_%s after %s on public.%I referencing %s table as changed '
        'for each statement execute function private.move_journal_revision()',
        e, e, t, case when e = 'delete' then 'old' else 'new' end);
    end loop;
  end loop;
end
$$;
