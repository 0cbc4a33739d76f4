import DataMapper

/// twitter.json as `Mappable` models: every field of the statuses, users and entities
/// that the document fills, mapped with `map`; `null` fields are optionals.
enum MappableTwitter {}

extension MappableTwitter {
    struct Document: Mappable {
        var statuses: [Status] = []
        var searchMetadata: SearchMetadata = SearchMetadata()

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["statuses"].map(&statuses)
            try data["search_metadata"].map(&searchMetadata)
        }
    }
}

extension MappableTwitter {
    struct SearchMetadata: Mappable {
        var completedIn: Double = 0
        var maxId: Int = 0
        var maxIdStr: String = ""
        var nextResults: String = ""
        var query: String = ""
        var refreshUrl: String = ""
        var count: Int = 0
        var sinceId: Int = 0
        var sinceIdStr: String = ""

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["completed_in"].map(&completedIn)
            try data["max_id"].map(&maxId)
            try data["max_id_str"].map(&maxIdStr)
            try data["next_results"].map(&nextResults)
            try data["query"].map(&query)
            try data["refresh_url"].map(&refreshUrl)
            try data["count"].map(&count)
            try data["since_id"].map(&sinceId)
            try data["since_id_str"].map(&sinceIdStr)
        }
    }
}

extension MappableTwitter {
    final class Status: Mappable {
        var metadata: StatusMetadata = StatusMetadata()
        var createdAt: String = ""
        var id: Int = 0
        var idStr: String = ""
        var text: String = ""
        var source: String = ""
        var truncated: Bool = false
        var inReplyToStatusId: Int?
        var inReplyToStatusIdStr: String?
        var inReplyToUserId: Int?
        var inReplyToUserIdStr: String?
        var inReplyToScreenName: String?
        var user: User = User()
        var retweetCount: Int = 0
        var favoriteCount: Int = 0
        var entities: Entities = Entities()
        var favorited: Bool = false
        var retweeted: Bool = false
        var lang: String = ""
        var retweetedStatus: Status?
        var possiblySensitive: Bool?

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        func mapping(_ data: inout MappableData) throws {
            try data["metadata"].map(&metadata)
            try data["created_at"].map(&createdAt)
            try data["id"].map(&id)
            try data["id_str"].map(&idStr)
            try data["text"].map(&text)
            try data["source"].map(&source)
            try data["truncated"].map(&truncated)
            data["in_reply_to_status_id"].map(&inReplyToStatusId)
            data["in_reply_to_status_id_str"].map(&inReplyToStatusIdStr)
            data["in_reply_to_user_id"].map(&inReplyToUserId)
            data["in_reply_to_user_id_str"].map(&inReplyToUserIdStr)
            data["in_reply_to_screen_name"].map(&inReplyToScreenName)
            try data["user"].map(&user)
            try data["retweet_count"].map(&retweetCount)
            try data["favorite_count"].map(&favoriteCount)
            try data["entities"].map(&entities)
            try data["favorited"].map(&favorited)
            try data["retweeted"].map(&retweeted)
            try data["lang"].map(&lang)
            data["retweeted_status"].map(&retweetedStatus)
            data["possibly_sensitive"].map(&possiblySensitive)
        }
    }
}

extension MappableTwitter {
    struct StatusMetadata: Mappable {
        var resultType: String = ""
        var isoLanguageCode: String = ""

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["result_type"].map(&resultType)
            try data["iso_language_code"].map(&isoLanguageCode)
        }
    }
}

extension MappableTwitter {
    struct User: Mappable {
        var id: Int = 0
        var idStr: String = ""
        var name: String = ""
        var screenName: String = ""
        var location: String = ""
        var description: String = ""
        var url: String?
        var entities: UserEntities = UserEntities()
        var protected: Bool = false
        var followersCount: Int = 0
        var friendsCount: Int = 0
        var listedCount: Int = 0
        var createdAt: String = ""
        var favouritesCount: Int = 0
        var utcOffset: Int?
        var timeZone: String?
        var geoEnabled: Bool = false
        var verified: Bool = false
        var statusesCount: Int = 0
        var lang: String = ""
        var contributorsEnabled: Bool = false
        var isTranslator: Bool = false
        var isTranslationEnabled: Bool = false
        var profileBackgroundColor: String = ""
        var profileBackgroundImageUrl: String = ""
        var profileBackgroundImageUrlHttps: String = ""
        var profileBackgroundTile: Bool = false
        var profileImageUrl: String = ""
        var profileImageUrlHttps: String = ""
        var profileBannerUrl: String?
        var profileLinkColor: String = ""
        var profileSidebarBorderColor: String = ""
        var profileSidebarFillColor: String = ""
        var profileTextColor: String = ""
        var profileUseBackgroundImage: Bool = false
        var defaultProfile: Bool = false
        var defaultProfileImage: Bool = false
        var following: Bool = false
        var followRequestSent: Bool = false
        var notifications: Bool = false

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["id"].map(&id)
            try data["id_str"].map(&idStr)
            try data["name"].map(&name)
            try data["screen_name"].map(&screenName)
            try data["location"].map(&location)
            try data["description"].map(&description)
            data["url"].map(&url)
            try data["entities"].map(&entities)
            try data["protected"].map(&protected)
            try data["followers_count"].map(&followersCount)
            try data["friends_count"].map(&friendsCount)
            try data["listed_count"].map(&listedCount)
            try data["created_at"].map(&createdAt)
            try data["favourites_count"].map(&favouritesCount)
            data["utc_offset"].map(&utcOffset)
            data["time_zone"].map(&timeZone)
            try data["geo_enabled"].map(&geoEnabled)
            try data["verified"].map(&verified)
            try data["statuses_count"].map(&statusesCount)
            try data["lang"].map(&lang)
            try data["contributors_enabled"].map(&contributorsEnabled)
            try data["is_translator"].map(&isTranslator)
            try data["is_translation_enabled"].map(&isTranslationEnabled)
            try data["profile_background_color"].map(&profileBackgroundColor)
            try data["profile_background_image_url"].map(&profileBackgroundImageUrl)
            try data["profile_background_image_url_https"].map(&profileBackgroundImageUrlHttps)
            try data["profile_background_tile"].map(&profileBackgroundTile)
            try data["profile_image_url"].map(&profileImageUrl)
            try data["profile_image_url_https"].map(&profileImageUrlHttps)
            data["profile_banner_url"].map(&profileBannerUrl)
            try data["profile_link_color"].map(&profileLinkColor)
            try data["profile_sidebar_border_color"].map(&profileSidebarBorderColor)
            try data["profile_sidebar_fill_color"].map(&profileSidebarFillColor)
            try data["profile_text_color"].map(&profileTextColor)
            try data["profile_use_background_image"].map(&profileUseBackgroundImage)
            try data["default_profile"].map(&defaultProfile)
            try data["default_profile_image"].map(&defaultProfileImage)
            try data["following"].map(&following)
            try data["follow_request_sent"].map(&followRequestSent)
            try data["notifications"].map(&notifications)
        }
    }
}

extension MappableTwitter {
    struct UserEntities: Mappable {
        var description: URLList = URLList()
        var url: URLList?

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["description"].map(&description)
            data["url"].map(&url)
        }
    }
}

extension MappableTwitter {
    struct URLList: Mappable {
        var urls: [URLEntity] = []

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["urls"].map(&urls)
        }
    }
}

extension MappableTwitter {
    struct Entities: Mappable {
        var hashtags: [Hashtag] = []
        var urls: [URLEntity] = []
        var userMentions: [UserMention] = []
        var media: [Media]?

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["hashtags"].map(&hashtags)
            try data["urls"].map(&urls)
            try data["user_mentions"].map(&userMentions)
            data["media"].map(&media)
        }
    }
}

extension MappableTwitter {
    struct Hashtag: Mappable {
        var text: String = ""
        var indices: [Int] = []

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["text"].map(&text)
            try data["indices"].map(&indices)
        }
    }
}

extension MappableTwitter {
    struct URLEntity: Mappable {
        var url: String = ""
        var expandedUrl: String = ""
        var displayUrl: String = ""
        var indices: [Int] = []

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["url"].map(&url)
            try data["expanded_url"].map(&expandedUrl)
            try data["display_url"].map(&displayUrl)
            try data["indices"].map(&indices)
        }
    }
}

extension MappableTwitter {
    struct UserMention: Mappable {
        var screenName: String = ""
        var name: String = ""
        var id: Int = 0
        var idStr: String = ""
        var indices: [Int] = []

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["screen_name"].map(&screenName)
            try data["name"].map(&name)
            try data["id"].map(&id)
            try data["id_str"].map(&idStr)
            try data["indices"].map(&indices)
        }
    }
}

extension MappableTwitter {
    struct Media: Mappable {
        var id: Int = 0
        var idStr: String = ""
        var indices: [Int] = []
        var mediaUrl: String = ""
        var mediaUrlHttps: String = ""
        var url: String = ""
        var displayUrl: String = ""
        var expandedUrl: String = ""
        var type: String = ""
        var sizes: [String: MediaSize] = [:]
        var sourceStatusId: Int?
        var sourceStatusIdStr: String?

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["id"].map(&id)
            try data["id_str"].map(&idStr)
            try data["indices"].map(&indices)
            try data["media_url"].map(&mediaUrl)
            try data["media_url_https"].map(&mediaUrlHttps)
            try data["url"].map(&url)
            try data["display_url"].map(&displayUrl)
            try data["expanded_url"].map(&expandedUrl)
            try data["type"].map(&type)
            try data["sizes"].map(&sizes)
            data["source_status_id"].map(&sourceStatusId)
            data["source_status_id_str"].map(&sourceStatusIdStr)
        }
    }
}

extension MappableTwitter {
    struct MediaSize: Mappable {
        var w: Int = 0
        var h: Int = 0
        var resize: String = ""

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["w"].map(&w)
            try data["h"].map(&h)
            try data["resize"].map(&resize)
        }
    }
}
