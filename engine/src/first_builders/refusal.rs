//! The refusal codes of Origins: First Builders, one per kind of unlisted action (the
//! decision modules in `tasks` and `modules` say which applies).

crate::refusals! {
    /// Why Origins: First Builders refuses a decision.
    pub enum Refusal {
        /// The action answers another decision than the pending one.
        WrongDecision = "WRONG_DECISION",
        BadDraftDie = "BAD_DRAFT_DIE",
        WorkerUnavailable = "WORKER_UNAVAILABLE",
        CannotVisit = "CANNOT_VISIT",
        CannotCompleteDistrict = "CANNOT_COMPLETE_DISTRICT",
        CannotRaiseTower = "CANNOT_RAISE_TOWER",
        CannotBuyBase = "CANNOT_BUY_BASE",
        NoSuperiority = "NO_SUPERIORITY",
        MainActionUnavailable = "MAIN_ACTION_UNAVAILABLE",
        BonusUnavailable = "BONUS_UNAVAILABLE",
        MainActionRequired = "MAIN_ACTION_REQUIRED",
        CannotBuild = "CANNOT_BUILD",
        BadCityCell = "BAD_CITY_CELL",
        CannotActivate = "CANNOT_ACTIVATE",
        BadTemple = "BAD_TEMPLE",
        CannotRecruit = "CANNOT_RECRUIT",
        NoOrator = "NO_ORATOR",
        /// Any other choice that is not one of the listed options.
        IllegalChoice = "ILLEGAL_CHOICE",
        /// Ancient Wonders: no unlocked Wonder here, a Wonder already held, or no Gold.
        CannotClaimWonder = "CANNOT_CLAIM_WONDER",
        /// Ancient Wonders: no claimed Wonder to build, or not enough Stone.
        CannotBuildWonder = "CANNOT_BUILD_WONDER",
        /// Ancient Wonders: the two cells are not both empty and next to the city.
        BadWonderCells = "BAD_WONDER_CELLS",
    }
}
