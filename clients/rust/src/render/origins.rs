//! Readable text for Origins: First Builders: options, actions, events and the public view.
//! Codes are those of the rules page (buildings "R6", district cards "D01"); city cells are
//! `(x,y)` with the Palace at (0,0).

use std::fmt::Write as _;

use agora_proto::v1::{
    origins_action::Action, origins_event::Event, OriginsAction, OriginsCell, OriginsColour,
    OriginsDie, OriginsEvent, OriginsMainSlot, OriginsOptions, OriginsPlacedTile, OriginsPlayer,
    OriginsResource, OriginsTemple, OriginsTileKind, OriginsTileSlot, OriginsView, OriginsWorker,
    OriginsWorkerKind,
};

use super::Names;

pub fn colour_name(colour: i32) -> &'static str {
    match OriginsColour::try_from(colour) {
        Ok(OriginsColour::Red) => "red",
        Ok(OriginsColour::Purple) => "purple",
        Ok(OriginsColour::Blue) => "blue",
        Ok(OriginsColour::Yellow) => "yellow",
        Ok(OriginsColour::Orange) => "orange",
        _ => "unspecified colour",
    }
}

pub fn resource_name(resource: i32) -> &'static str {
    match OriginsResource::try_from(resource) {
        Ok(OriginsResource::Stone) => "Stone",
        Ok(OriginsResource::Food) => "Food",
        Ok(OriginsResource::Wisdom) => "Wisdom",
        Ok(OriginsResource::Gold) => "Gold",
        _ => "unspecified resource",
    }
}

pub fn temple_name(temple: i32) -> &'static str {
    match OriginsTemple::try_from(temple) {
        Ok(OriginsTemple::Forest) => "Forest",
        Ok(OriginsTemple::Mountain) => "Mountain",
        Ok(OriginsTemple::Sea) => "Sea",
        _ => "unspecified temple",
    }
}

fn cell(cell: Option<&OriginsCell>) -> String {
    cell.map(|c| format!("({},{})", c.x, c.y))
        .unwrap_or_else(|| "(no cell)".into())
}

fn die(die: Option<&OriginsDie>) -> String {
    die.map(|d| format!("{} {}", colour_name(d.colour), d.value))
        .unwrap_or_else(|| "(no die)".into())
}

fn worker(worker: Option<&OriginsWorker>) -> String {
    match worker.map(|w| (OriginsWorkerKind::try_from(w.kind), w.index)) {
        Some((Ok(OriginsWorkerKind::Archon), _)) => "the Archon".into(),
        Some((Ok(OriginsWorkerKind::Freeman), i)) => format!("Freeman #{i}"),
        Some((Ok(OriginsWorkerKind::Orator), i)) => format!("Orator #{i}"),
        _ => "an unspecified worker".into(),
    }
}

fn slot(slot: &OriginsTileSlot) -> &str {
    slot.building.as_deref().unwrap_or("-")
}

pub fn options(options: &OriginsOptions) -> String {
    if options.solo {
        "solo training mode".into()
    } else {
        format!("{} players", options.players)
    }
}

pub fn action(action: &OriginsAction) -> String {
    let Some(action) = &action.action else {
        return "(empty Origins action)".into();
    };
    match action {
        Action::DraftDie(a) => format!("take die #{} from the draft pool", a.index),
        Action::Worker(a) => format!("send {}", worker(a.worker.as_ref())),
        Action::CompleteDistrict(a) => {
            format!("complete a District with Freeman #{}", a.freeman)
        }
        Action::RaiseTower(a) => format!("raise the {} tower", colour_name(a.colour)),
        Action::BuyBase(_) => "buy a population base".into(),
        Action::Pass(_) => "pass".into(),
        Action::UseSuperiority(_) => "use a Superiority token".into(),
        Action::EndTurn(_) => "end the turn".into(),
        Action::MeetingPlace(a) => format!("Meeting Place {}", a.place),
        Action::Seat(a) => format!("Seat of Power at {}", cell(a.cell.as_ref())),
        Action::Main(a) => match OriginsMainSlot::try_from(a.slot) {
            Ok(OriginsMainSlot::Top) => "the top main action".into(),
            Ok(OriginsMainSlot::Bottom) => "the bottom main action".into(),
            _ => "an unspecified main action".into(),
        },
        Action::Bonus(_) => "the Bonus action".into(),
        Action::BonusGold(_) => "1 Gold instead of the Bonus action".into(),
        Action::FinishVisit(_) => "end the visit".into(),
        Action::Resource(a) => format!("choose {}", resource_name(a.resource)),
        Action::Advance(_) => "advance on the military track".into(),
        Action::Attack(_) => "attack".into(),
        Action::MarketTile(a) if a.farm => format!("take Market slot {} as a Farm", a.slot),
        Action::MarketTile(a) => format!("build from Market slot {}", a.slot),
        Action::KeptTile(a) => format!("build kept tile #{}", a.index),
        Action::Place(a) => format!("place it at {}", cell(a.cell.as_ref())),
        Action::Activate(a) => format!("activate the building at {}", cell(a.cell.as_ref())),
        Action::Track(a) => format!("climb the {} temple", temple_name(a.temple)),
        Action::RecruitSlot(a) => format!("recruit from Citizen slot {}", a.slot),
        Action::OratorSlot(a) => format!("take the Orator in slot {}", a.slot),
        Action::Freeman(a) => format!("choose Freeman #{}", a.freeman),
        Action::FreemanPlus(a) => format!("add {} to Freeman #{}", a.plus, a.freeman),
        Action::SwapDie(a) => format!(
            "swap Freeman #{}'s die for a {} one",
            a.freeman,
            colour_name(a.colour)
        ),
        Action::DistrictCard(a) => format!("score District card #{}", a.index),
        Action::Accept(_) => "accept".into(),
        Action::Done(_) => "done".into(),
    }
}

pub fn event(event: &OriginsEvent, names: &Names) -> String {
    let Some(event) = &event.event else {
        return "(empty Origins event)".into();
    };
    let who = |seat: u32| names.seat(seat);
    match event {
        Event::Drafted(e) => format!("{} drafted a {}", who(e.seat), die(e.die.as_ref())),
        Event::Visited(e) => {
            let mut s = format!(
                "{} sent {} to Meeting Place {}",
                who(e.seat),
                worker(e.worker.as_ref()),
                e.place
            );
            if e.wisdom_paid > 0 {
                let _ = write!(s, " (paid {} Wisdom)", e.wisdom_paid);
            }
            s
        }
        Event::MainAction(e) => format!(
            "{} took the main action {} at Meeting Place {}",
            who(e.seat),
            e.action,
            e.place
        ),
        Event::BonusAction(e) => format!(
            "{} took the Bonus action {} at Meeting Place {}",
            who(e.seat),
            e.bonus,
            e.place
        ),
        Event::Gained(e) => format!(
            "{} gained {} {}",
            who(e.seat),
            e.amount,
            resource_name(e.resource)
        ),
        Event::Paid(e) => format!(
            "{} paid {} {}",
            who(e.seat),
            e.amount,
            resource_name(e.resource)
        ),
        Event::Vp(e) => format!("{} scored {} VP ({})", who(e.seat), e.amount, e.reason),
        Event::Built(e) => format!(
            "{} built {}{} at {}",
            who(e.seat),
            e.building,
            if e.farm { " as a Farm" } else { "" },
            cell(e.cell.as_ref())
        ),
        Event::Activated(e) => format!(
            "{} activated {} at {}",
            who(e.seat),
            e.building,
            cell(e.cell.as_ref())
        ),
        Event::Recruited(e) => format!("{} recruited a {}", who(e.seat), die(e.die.as_ref())),
        Event::OratorTaken(e) => format!("{} took an Orator of value {}", who(e.seat), e.value),
        Event::MilitaryMoved(e) => format!(
            "{} moved on the military track from {} to {}",
            who(e.seat),
            e.from,
            e.to
        ),
        Event::Attacked(e) => format!(
            "{} attacked from space {} for {} VP",
            who(e.seat),
            e.space,
            e.vp
        ),
        Event::SuperiorityGained(e) => format!("{} gained a Superiority token", who(e.seat)),
        Event::SuperiorityUsed(e) => format!("{} used a Superiority token", who(e.seat)),
        Event::TempleMoved(e) => format!(
            "{} climbed the {} temple from {} to {}",
            who(e.seat),
            temple_name(e.temple),
            e.from,
            e.to
        ),
        Event::ZodiacTaken(e) => match e.seat {
            Some(seat) => format!("{} took the zodiac card {}", who(seat), e.card),
            None => format!("the zodiac card {} went back to its track", e.card),
        },
        Event::DistrictCompleted(e) => {
            let mut s = format!(
                "{} completed a District at {} with a {}",
                who(e.seat),
                cell(e.at.as_ref()),
                die(e.die.as_ref())
            );
            if let Some(card) = &e.card {
                let _ = write!(s, ", scoring District card {card}");
            }
            s
        }
        Event::TowerRaised(e) => format!(
            "{} raised the {} tower to height {}",
            who(e.seat),
            colour_name(e.colour),
            e.height
        ),
        Event::BaseBought(e) => format!(
            "{} bought a population base for {} Food",
            who(e.seat),
            e.food
        ),
        Event::CounsellorMade(e) => format!(
            "{} made a {} counsellor{}",
            who(e.seat),
            colour_name(e.colour),
            if e.duplicate {
                " (a duplicate colour)"
            } else {
                ""
            }
        ),
        Event::DieChanged(e) => format!(
            "{}'s {} die went from {} to {}",
            who(e.seat),
            colour_name(e.colour),
            e.from,
            e.to
        ),
        Event::DialSet(e) => format!("Meeting Place {}'s dial is now {}", e.place, e.value),
        Event::Passed(e) => format!("{} passed", who(e.seat)),
        Event::RoundEnded(e) => format!("round {} ended", e.round),
        Event::BastionTo(e) => format!("{} holds the Bastion", who(e.seat)),
        Event::GameEnded(e) => format!("the game ended: {}", e.reasons.join(", ")),
    }
}

fn tile(tile: &OriginsPlacedTile) -> String {
    let at = tile
        .cells
        .iter()
        .map(|c| cell(Some(c)))
        .collect::<Vec<_>>()
        .join("+");
    match OriginsTileKind::try_from(tile.kind) {
        Ok(OriginsTileKind::Palace) => format!("Palace {at}"),
        Ok(OriginsTileKind::Agora) => format!("Agora {at}"),
        Ok(OriginsTileKind::Farm) => format!("Farm({}) {at}", tile.building),
        _ => format!("{} {at}", tile.building),
    }
}

fn player(out: &mut String, p: &OriginsPlayer, current: Option<u32>, names: &Names) {
    let _ = writeln!(
        out,
        "{}{}: {} VP | Stone {} Food {} Wisdom {} Gold {} | Superiority {}{}",
        if current == Some(p.seat) { "> " } else { "  " },
        names.seat(p.seat),
        p.vp,
        p.stone,
        p.food,
        p.wisdom,
        p.gold,
        p.superiority,
        if p.passed { " | passed" } else { "" }
    );
    let freemen: Vec<String> = p
        .freemen
        .iter()
        .enumerate()
        .map(|(i, f)| match f.at {
            Some(at) => format!("#{i} {} (at {at})", die(f.die.as_ref())),
            None => format!("#{i} {}", die(f.die.as_ref())),
        })
        .collect();
    let _ = writeln!(
        out,
        "    Archon {} | Freemen: {} | Orators: {} | bases {}",
        p.archon_at
            .map(|a| format!("at {a}"))
            .unwrap_or_else(|| "home".into()),
        if freemen.is_empty() {
            "none".into()
        } else {
            freemen.join(", ")
        },
        p.orators
            .iter()
            .map(|o| o.value.to_string())
            .collect::<Vec<_>>()
            .join(" "),
        p.bases
    );
    let _ = writeln!(
        out,
        "    military {} | temples F/M/S {} | towers R/P/B/Y/O {} | counsellors {} | zodiac {}",
        p.military,
        join(&p.temples, "/"),
        join(&p.towers, "/"),
        p.counsellors
            .iter()
            .map(|c| colour_name(*c))
            .collect::<Vec<_>>()
            .join(" "),
        if p.zodiac.is_empty() {
            "-".into()
        } else {
            p.zodiac.join(" ")
        }
    );
    let city: Vec<String> = p.city.iter().map(tile).collect();
    let _ = writeln!(out, "    city: {}", city.join(", "));
    if !p.seats.is_empty() {
        let seats: Vec<String> = p
            .seats
            .iter()
            .map(|s| format!("{} {}", cell(s.cell.as_ref()), die(s.die.as_ref())))
            .collect();
        let _ = writeln!(out, "    Seats of Power: {}", seats.join(", "));
    }
    if !p.kept_tiles.is_empty() {
        let _ = writeln!(out, "    kept tiles: {}", p.kept_tiles.join(" "));
    }
}

fn join(values: &[u32], sep: &str) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

pub fn view(view: &OriginsView, names: &Names) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Origins: First Builders, {}, round {}",
        if view.players == 1 {
            "solo".to_string()
        } else {
            format!("{} players", view.players)
        },
        view.round
    );
    match view.current {
        Some(seat) => {
            #[allow(deprecated)] // the decision's name; `pending_decision` holds its details
            let pending = &view.pending;
            let _ = writeln!(out, "to decide: {} ({pending})", names.seat(seat));
        }
        None => out.push_str("the game is over\n"),
    }
    if !view.draft_pool.is_empty() {
        let pool: Vec<String> = view
            .draft_pool
            .iter()
            .enumerate()
            .map(|(i, d)| format!("#{i} {}", die(Some(d))))
            .collect();
        let _ = writeln!(out, "draft pool: {}", pool.join(", "));
    }
    out.push_str("Meeting Places:\n");
    for place in &view.meeting_places {
        let _ = writeln!(
            out,
            "  {} {} dial {}: top {}, bottom {}, bonus {}",
            place.number,
            colour_name(place.colour),
            place.dial,
            place.top,
            place.bottom,
            place.bonus
        );
    }
    let market: Vec<&str> = view.market.iter().map(slot).collect();
    let piles: Vec<String> = view
        .pile_tops
        .iter()
        .zip(&view.pile_sizes)
        .map(|(top, n)| format!("{} ({n})", slot(top)))
        .collect();
    let _ = writeln!(
        out,
        "Market 1-5: {} | piles R/P/B/Y/O: {}",
        market.join(" "),
        piles.join(" ")
    );
    let recruits: Vec<String> = view
        .recruitment
        .iter()
        .map(|r| r.die.as_ref().map(|d| die(Some(d))).unwrap_or("-".into()))
        .collect();
    let orators: Vec<String> = view
        .orator_area
        .iter()
        .map(|o| o.value.map(|v| v.to_string()).unwrap_or("-".into()))
        .collect();
    let _ = writeln!(
        out,
        "Citizen Recruitment: {} | Orators: {}",
        recruits.join(", "),
        orators.join(" ")
    );
    let cards: Vec<String> = view
        .district_cards
        .iter()
        .map(|c| format!("{} ({} Gold)", c.id, c.gold))
        .collect();
    let _ = writeln!(out, "District cards: {}", cards.join(", "));
    let zodiac: Vec<String> = view
        .zodiac
        .iter()
        .map(|z| match z.holder {
            Some(seat) => format!("{} {} (seat {seat})", temple_name(z.temple), z.card),
            None => format!("{} {}", temple_name(z.temple), z.card),
        })
        .collect();
    let _ = writeln!(out, "zodiac: {}", zodiac.join(", "));
    let _ = writeln!(
        out,
        "Bastion: {} | Superiority supply {} | floors R/P/B/Y/O {}{}",
        names.seat(view.bastion),
        view.superiority_supply,
        join(&view.floor_reserve, "/"),
        view.solo_neutral
            .map(|n| format!(" | neutral military marker {n}"))
            .unwrap_or_default()
    );
    for p in &view.player_views {
        player(&mut out, p, view.current, names);
    }
    out
}
